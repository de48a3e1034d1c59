import { Anchor, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { InvestorOnboardingDocument } from '@platform/domain';
import { formatDateTime } from '../../../app/format';
import { SectionCard } from '../../../ui/section-card';
import { SimpleTable } from '../../../ui/simple-table';
import { useInvestorOnboardingDocuments } from '../api/sign-up-documents';
import { StateBadge } from './state-badge';

/**
 * Staff: the investor's registration documents (decision 0064) — where they stand with each sign-up
 * document, the version they accepted or read (its file as they saw it), and when and from where.
 */
export function InvestorSignUpDocuments({ investorId }: { investorId: number }) {
  const documents = useInvestorOnboardingDocuments(investorId);
  return (
    <SectionCard title="Sign-up documents">
      {documents.error ? (
        <Text size="sm" c="red">
          The sign-up documents could not be loaded.
        </Text>
      ) : !documents.data ? (
        <Text size="sm" c="dimmed">
          Loading sign-up documents…
        </Text>
      ) : (
        <SimpleTable<InvestorOnboardingDocument>
          caption="Sign-up documents of this investor"
          minWidth={640}
          rows={documents.data}
          rowKey={(d) => d.id}
          empty={
            <Text size="sm" c="dimmed">
              No sign-up document is asked of this investor.
            </Text>
          }
          columns={[
            {
              key: 'title',
              label: 'Document',
              render: (d) => (
                <Anchor href={d.download_url} target="_blank" rel="noopener noreferrer" size="sm">
                  {d.title}
                </Anchor>
              ),
            },
            { key: 'version', label: 'Current version', render: (d) => `v${d.version}` },
            { key: 'state', label: 'State', render: (d) => <StateBadge state={d.state} /> },
            {
              key: 'accepted',
              label: 'Accepted or read',
              render: (d) =>
                d.accepted_at ? (
                  <Stack gap={0}>
                    <Text size="sm">
                      {d.accepted_download_url ? (
                        <Anchor href={d.accepted_download_url} target="_blank" rel="noopener noreferrer" size="sm">
                          v{d.accepted_version}
                          <VisuallyHidden>
                            {' '}
                            of {d.title}, as {d.state === 'read' ? 'read' : 'accepted'}
                          </VisuallyHidden>
                        </Anchor>
                      ) : (
                        `v${d.accepted_version}`
                      )}{' '}
                      · {formatDateTime(d.accepted_at)}
                    </Text>
                    {d.ip && (
                      <Text size="xs" c="dimmed" title={d.user_agent ?? undefined}>
                        from {d.ip}
                      </Text>
                    )}
                  </Stack>
                ) : (
                  <Text size="sm" c="dimmed">
                    {d.state === 'outstanding' ? 'Outstanding' : 'Not read yet'}
                  </Text>
                ),
            },
          ]}
        />
      )}
    </SectionCard>
  );
}

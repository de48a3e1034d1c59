import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { RELIEF_HOLDING_YEARS } from '@platform/domain';
import { useFeature } from '../../../app/settings';
import { formatDate, formatUnits } from '../../../app/format';
import { SimpleTable } from '../../../ui/simple-table';
import { useHoldingTaxRelief, type HoldingTaxRelief as Relief } from '../api/use-tax';

function Clock({ clock }: { clock: Relief['lines'][number]['clock'] }) {
  if (!clock) return <Text size="sm">—</Text>;
  return clock.running ? (
    <Text size="sm">
      Until {formatDate(clock.ends_on)} <Badge variant="light">{clock.days_left} days left</Badge>
    </Text>
  ) : (
    <Text size="sm">
      Ended {formatDate(clock.ends_on)}{' '}
      <Badge variant="light" color="teal">
        Complete
      </Badge>
    </Text>
  );
}

/**
 * The tax relief of one holding on the investor's holding page (flag `enableTax`): each investment's
 * relief and holding clock, and their EIS3/SEIS3 certificates to download.
 */
export function HoldingTaxRelief({ opportunityId }: { opportunityId: number }) {
  const enabled = useFeature('enableTax');
  const relief = useHoldingTaxRelief(opportunityId, enabled);
  if (!enabled || !relief.data) return null;
  const { lines, certificates } = relief.data;
  if (!lines.some((l) => l.relief) && !certificates.length) return null;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Tax relief
          </Title>
          <Text size="sm" c="dimmed">
            Relief may be withdrawn if the shares are sold within {RELIEF_HOLDING_YEARS} years of their issue.
          </Text>
        </div>
        <SimpleTable
          stacked
          verticalSpacing="xs"
          caption="Relief on each investment"
          rows={lines}
          rowKey={(l) => l.investment_id}
          columns={[
            {
              key: 'issue',
              label: 'Share issue',
              render: (l) => (l.share_issue ? `${l.share_issue.share_class} · ${formatDate(l.share_issue.issued_on)}` : '—'),
            },
            { key: 'shares', label: 'Shares', render: (l) => formatUnits(l.shares) },
            { key: 'relief', label: 'Relief', render: (l) => l.relief_label ?? 'Not recorded' },
            { key: 'clock', label: 'Holding period', render: (l) => <Clock clock={l.clock} /> },
          ]}
        />
        <div>
          <Title order={3} fz="md" mb="xs">
            Certificates
          </Title>
          {certificates.length ? (
            <Stack gap={4}>
              {certificates.map((c) => (
                <Anchor key={c.id} href={c.download_url} size="sm">
                  <Group gap={6} wrap="nowrap">
                    <IconFileText size={16} aria-hidden />
                    Download {c.form} {c.certificate_reference ? `(${c.certificate_reference})` : ''}
                  </Group>
                </Anchor>
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              Your certificate will appear here once HMRC has authorised it.
            </Text>
          )}
        </div>
      </Stack>
    </Paper>
  );
}

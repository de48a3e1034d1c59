import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { IntentTerms } from '@platform/domain';
import { formatDate } from '../../../app/format';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import { RichText } from '../../../ui/rich-text';
import { RichTextEditor } from '../../../ui/rich-text-editor';
import { SimpleTable } from '../../../ui/simple-table';
import { InvestorSettingsLayout } from '../../investor-settings';
import { useIntentTermsVersions, usePublishIntentTerms } from '../api/placements';

function PublishForm({ current }: { current: IntentTerms | undefined }) {
  const publish = usePublishIntentTerms();
  const form = useForm({ initialValues: { body: current?.body ?? '' } });
  const { submit, submitting, formError } = useSubmit(async (values: { body: string }) => {
    await publish.mutateAsync(values);
    notifications.show({ color: 'teal', message: 'New version of the intent terms published.' });
  }, form);
  return (
    <Paper withBorder radius="md" p="lg" component="form" onSubmit={form.onSubmit((v) => void submit(v))}>
      <Stack>
        <RichTextEditor
          label={current ? `Intent terms (publishing makes version ${current.version + 1})` : 'Intent terms (version 1)'}
          description="Investors accept these before stating interest in a deal placed with them. Each answer records the version accepted."
          value={form.values.body}
          onChange={(html) => form.setFieldValue('body', html)}
          error={form.errors.body}
          minHeight={240}
        />
        <FormError message={formError} />
        <div>
          <Button type="submit" loading={submitting}>
            Publish
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}

/** /admin/settings/investor/intent-terms: the non-binding terms of soft-circled deals, versioned. */
export function IntentTermsSettingsPage() {
  const versions = useIntentTermsVersions();
  const all = versions.data ?? [];
  const current = all.find((v) => v.current);
  return (
    <InvestorSettingsLayout title="Intent Terms" intro="What investors accept before saying they would invest in a deal placed with them.">
      {() =>
        versions.data && (
          <Stack gap="lg">
            <PublishForm key={current?.id ?? 0} current={current} />
            {current && (
              <Paper withBorder radius="md" p="lg">
                <Title order={2} fz="lg" mb="sm">
                  Version {current.version}, in force since {formatDate(current.created_at)}
                </Title>
                <RichText html={current.body} />
              </Paper>
            )}
            <Paper withBorder radius="md">
              <SimpleTable<IntentTerms>
                title="Versions"
                rows={all}
                rowKey={(v) => v.id}
                empty={
                  <Text size="sm" c="dimmed" p="lg">
                    No version published yet: investors cannot state interest until there is one.
                  </Text>
                }
                columns={[
                  { key: 'version', label: 'Version', render: (v) => `v${v.version}${v.current ? ' (current)' : ''}` },
                  { key: 'published', label: 'Published', render: (v) => formatDate(v.created_at) },
                  { key: 'by', label: 'By', render: (v) => v.created_by?.name ?? '—' },
                  { key: 'acceptances', label: 'Answers under it', numeric: true, render: (v) => String(v.acceptances) },
                ]}
              />
            </Paper>
          </Stack>
        )
      }
    </InvestorSettingsLayout>
  );
}

import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Code, Group, Paper, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ApiToken, type CreatedApiToken, createApiTokenBody } from '@platform/domain';
import { formatDateTime } from '../../../app/format';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import type { Column } from '../../../ui/data-table';
import { DateField } from '../../../ui/date-field';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { SectionCard } from '../../../ui/section-card';
import { SimpleTable } from '../../../ui/simple-table';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/use-api-tokens';
import { ShownOnce } from './shown-once';

interface TokenForm extends Record<string, unknown> {
  name: string;
  read_only: boolean;
  expires_on: string;
}

/**
 * /admin/settings/integrations/api-tokens: the signed-in person's personal API tokens (decision 0066).
 * A new token is shown once, here, and never again; a token acts with its owner's current role.
 */
export function ApiTokensPage() {
  usePageTitle('API tokens');
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const columns: Column<ApiToken>[] = [
    { key: 'name', label: 'Name', render: (r) => r.name },
    {
      key: 'prefix',
      label: 'Starts with',
      render: (r) => (
        <Text size="xs" ff="monospace">
          {r.prefix}…
        </Text>
      ),
    },
    { key: 'access', label: 'Access', render: (r) => (r.read_only ? 'Read only' : 'Your role') },
    { key: 'last_used_at', label: 'Last used', render: (r) => (r.last_used_at ? formatDateTime(r.last_used_at) : 'Never'), nowrap: true },
    { key: 'expires_at', label: 'Expires', render: (r) => (r.expires_at ? formatDateTime(r.expires_at) : 'Never'), nowrap: true },
    {
      key: 'status',
      label: 'Status',
      render: (r) =>
        r.revoked_at ? (
          <Badge color="gray" variant="light">
            Revoked
          </Badge>
        ) : r.expires_at && new Date(r.expires_at) < new Date() ? (
          <Badge color="gray" variant="light">
            Expired
          </Badge>
        ) : (
          <Badge color="green" variant="light">
            Active
          </Badge>
        ),
    },
    {
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      render: (r) =>
        r.revoked_at ? null : (
          <Button
            size="xs"
            color="red"
            variant="light"
            loading={revoke.isPending && revoke.variables === r.id}
            onClick={() => revoke.mutate(r.id)}
          >
            Revoke<VisuallyHidden> {r.name}</VisuallyHidden>
          </Button>
        ),
    },
  ];
  return (
    <Stack gap="lg" maw={980}>
      <Title order={1} fz={26}>
        API tokens
      </Title>
      <Text c="dimmed">
        A personal API token lets a script or another system call this platform’s API as you: send it as{' '}
        <Code>Authorization: Bearer &lt;token&gt;</Code>. It can do what your role can do now — or only read, if you choose — and stops
        working when it is revoked, expires, or your account is removed. The API is described at <a href="/api/docs">/api/docs</a>.
      </Text>
      {created && (
        <ShownOnce
          title={`Token “${created.name}” created`}
          advice="Copy it now: it is shown only this once and cannot be read again."
          value={created.token}
          copyLabel="Copy token"
          testId="new-api-token"
          onDone={() => setCreated(null)}
        />
      )}
      <NewTokenForm onCreated={setCreated} />
      {revoke.error && <Alert color="red">{revoke.error.message}</Alert>}
      <Paper withBorder radius="md">
        <SimpleTable
          caption="Your API tokens"
          columns={columns}
          rows={tokens.data ?? []}
          rowKey={(r) => r.id}
          empty={
            <Text p="md" c="dimmed">
              {tokens.isLoading ? 'Loading…' : 'You have no API tokens.'}
            </Text>
          }
          stacked
          minWidth={760}
        />
      </Paper>
    </Stack>
  );
}

function NewTokenForm({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const create = useCreateApiToken();
  const form = useForm<TokenForm>({
    initialValues: { name: '', read_only: false, expires_on: '' },
    validate: validateWith(createApiTokenBody, (values: TokenForm) => ({ ...values, expires_on: values.expires_on || null })),
  });
  const { submit, submitting, formError } = useSubmit(async (values: TokenForm) => {
    onCreated(await create.mutateAsync({ ...values, expires_on: values.expires_on || null }));
    form.reset();
  }, form);
  return (
    <SectionCard title="New token">
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="sm">
          <FormError message={formError} />
          <Group align="flex-start" wrap="wrap">
            <TextInput
              label="Name"
              description="What uses it, e.g. “Monthly reporting”."
              required
              w={320}
              {...form.getInputProps('name')}
            />
            <DateField
              label="Expires at the end of"
              description="Leave empty for no expiry."
              w={220}
              {...form.getInputProps('expires_on')}
            />
          </Group>
          <Checkbox label="Read only: it may look but not change anything" {...form.getInputProps('read_only', { type: 'checkbox' })} />
          <Group>
            <Button type="submit" loading={submitting}>
              Create token
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}

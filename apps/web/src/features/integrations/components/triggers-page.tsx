import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  createTriggerBody,
  TRIGGER_EVENT_LABELS,
  TRIGGER_EVENTS,
  type Trigger,
  type TriggerEvent,
  type TriggerWithSecret,
  WEBHOOK_HEADERS,
} from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { useSubmit } from '../../../app/use-submit';
import { ButtonLink } from '../../../ui/button-link';
import type { Column } from '../../../ui/data-table';
import { FormError } from '../../../ui/form-error';
import { usePageTitle } from '../../../ui/page-title';
import { SimpleTable } from '../../../ui/simple-table';
import { useDeleteTrigger, useSaveTrigger, useTriggerRecipients, useTriggers } from '../api/use-triggers';
import { ShownOnce } from './shown-once';

interface TriggerForm extends Record<string, unknown> {
  name: string;
  event: string;
  url: string;
  email_user_ids: string[];
  active: boolean;
}

const toBody = (values: TriggerForm) => ({
  name: values.name,
  event: values.event as TriggerEvent,
  url: values.url.trim() || null,
  email_user_ids: values.email_user_ids.map(Number),
  active: values.active,
});

/**
 * /admin/settings/integrations/triggers: on an event, a signed webhook and/or an e-mail to chosen
 * staff (decision 0066). Created and edited in a dialog; each has its delivery log.
 */
export function TriggersPage() {
  usePageTitle('Triggers');
  const triggers = useTriggers();
  const remove = useDeleteTrigger();
  const [editing, setEditing] = useState<Trigger | 'new' | null>(null);
  const [secret, setSecret] = useState<TriggerWithSecret | null>(null);
  const columns: Column<Trigger>[] = [
    { key: 'name', label: 'Name', render: (r) => r.name },
    { key: 'event', label: 'Event', render: (r) => r.event_label },
    {
      key: 'sends',
      label: 'Sends',
      render: (r) => (
        <Stack gap={2}>
          {r.url && (
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              Webhook to {r.url}
            </Text>
          )}
          {r.email_recipients.length > 0 && <Text size="sm">E-mail to {r.email_recipients.map((p) => p.name).join(', ')}</Text>}
        </Stack>
      ),
    },
    {
      key: 'active',
      label: 'Status',
      render: (r) => (
        <Badge color={r.active ? 'green' : 'gray'} variant="light">
          {r.active ? 'On' : 'Off'}
        </Badge>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => setEditing(r)} aria-label={`Edit ${r.name}`}>
            Edit
          </Button>
          <ButtonLink
            size="xs"
            variant="default"
            to={`/admin/settings/integrations/triggers/${r.id}/deliveries`}
            aria-label={`Delivery log of ${r.name}`}
          >
            Delivery log
          </ButtonLink>
          <Button size="xs" color="red" variant="light" onClick={() => remove.mutate(r.id)} aria-label={`Delete ${r.name}`}>
            Delete
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} fz={26}>
          Triggers
        </Title>
        <Button onClick={() => setEditing('new')}>New trigger</Button>
      </Group>
      <Text c="dimmed" maw={820}>
        When an event happens, a trigger sends it to another system as a signed webhook (a POST of JSON with the{' '}
        <Code>{WEBHOOK_HEADERS.signature}</Code>, <Code>{WEBHOOK_HEADERS.timestamp}</Code> and <Code>{WEBHOOK_HEADERS.delivery}</Code>{' '}
        headers, described at <a href="/api/docs">/api/docs</a>) and/or e-mails the people you choose. Failed sends are tried again with
        growing waits; the delivery log shows each one and can send it again.
      </Text>
      {secret?.secret && (
        <ShownOnce
          title={`Signing secret of “${secret.name}”`}
          advice="Give it to the receiver now: it is shown only this once."
          value={secret.secret}
          copyLabel="Copy secret"
          testId="trigger-secret"
          onDone={() => setSecret(null)}
        />
      )}
      {remove.error && <Alert color="red">{remove.error.message}</Alert>}
      <Paper withBorder radius="md">
        <SimpleTable
          caption="Triggers"
          columns={columns}
          rows={triggers.data ?? []}
          rowKey={(r) => r.id}
          empty={
            <Text p="md" c="dimmed">
              {triggers.isLoading ? 'Loading…' : 'No triggers yet.'}
            </Text>
          }
          stacked
          minWidth={860}
        />
      </Paper>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New trigger' : 'Edit trigger'}
        size="lg"
      >
        {editing !== null && (
          <TriggerEditor
            trigger={editing === 'new' ? null : editing}
            onSaved={(saved) => {
              setEditing(null);
              if (saved.secret) setSecret(saved);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}

function TriggerEditor({ trigger, onSaved }: { trigger: Trigger | null; onSaved: (saved: TriggerWithSecret) => void }) {
  const save = useSaveTrigger(trigger?.id ?? null);
  const recipients = useTriggerRecipients();
  const form = useForm<TriggerForm>({
    initialValues: {
      name: trigger?.name ?? '',
      event: trigger?.event ?? '',
      url: trigger?.url ?? '',
      email_user_ids: trigger?.email_recipients.map((p) => String(p.id)) ?? [],
      active: trigger?.active ?? true,
    },
    validate: validateWith(createTriggerBody, toBody),
  });
  const { submit, submitting, formError } = useSubmit(async (values: TriggerForm) => {
    onSaved(await save.mutateAsync(toBody(values)));
  }, form);
  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="sm">
        <FormError message={formError} />
        <TextInput label="Name" required {...form.getInputProps('name')} />
        <Select
          label="Event"
          required
          data={TRIGGER_EVENTS.map((value) => ({ value, label: TRIGGER_EVENT_LABELS[value] }))}
          {...form.getInputProps('event')}
        />
        <TextInput
          label="Webhook address"
          description="HTTPS address that receives a signed POST. A signing secret is made for it and shown once."
          placeholder="https://"
          {...form.getInputProps('url')}
        />
        <MultiSelect
          label="E-mail these people"
          description="Members of staff only."
          searchable
          data={(recipients.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} (${p.email})` }))}
          {...form.getInputProps('email_user_ids')}
        />
        <Checkbox label="On" {...form.getInputProps('active', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            Save trigger
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

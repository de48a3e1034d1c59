import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconListCheck } from '@tabler/icons-react';
import { addRestrictedCompanyBody, can, removeRestrictedCompanyBody } from '@platform/domain';
import { validateWith } from '../../../app/form-validation';
import { formatDateTimeUtc } from '../../../app/format';
import { useCurrentUser } from '../../../app/session';
import { useSubmit } from '../../../app/use-submit';
import { EmptyState } from '../../../ui/empty-state';
import { FormError } from '../../../ui/form-error';
import { SimpleTable } from '../../../ui/simple-table';
import { useAddRestrictedCompany, useRemoveRestrictedCompany, useRestrictedList, type RestrictedCompany } from '../api/insider-register';

interface AddValues extends Record<string, unknown> {
  company_name: string;
  reason: string;
}

function AddCompany() {
  const form = useForm<AddValues>({
    initialValues: { company_name: '', reason: '' },
    validate: validateWith(addRestrictedCompanyBody, (v: AddValues) => v),
  });
  const add = useAddRestrictedCompany();
  const { submit, submitting, formError } = useSubmit(async (v: AddValues) => {
    await add.mutateAsync(v);
    form.reset();
  }, form);
  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Group align="flex-start" wrap="wrap">
        <TextInput label="Company" {...form.getInputProps('company_name')} w={220} />
        <TextInput label="Why" {...form.getInputProps('reason')} style={{ flex: 1 }} miw={220} />
        <Button type="submit" mt={25} loading={submitting}>
          Restrict
        </Button>
      </Group>
      <FormError message={formError} />
    </form>
  );
}

function RemoveCompany({ company, onClose }: { company: RestrictedCompany | null; onClose: () => void }) {
  const form = useForm({
    initialValues: { reason: '' },
    validate: validateWith(removeRestrictedCompanyBody, (v: { reason: string }) => v),
  });
  const remove = useRemoveRestrictedCompany();
  const { submit, submitting, formError } = useSubmit(async (v: { reason: string }) => {
    await remove.mutateAsync({ id: company!.id!, reason: v.reason });
    form.reset();
    onClose();
  }, form);
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={company !== null}
      onClose={onClose}
      title={company ? `Lift the restriction on ${company.company_name}` : ''}
    >
      <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
        <Stack>
          <Textarea label="Why the restriction ends" autosize minRows={2} {...form.getInputProps('reason')} />
          <FormError message={formError} />
          <Group justify="flex-end">
            <Button type="submit" loading={submitting}>
              Lift restriction
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The restricted list: companies with an open inside-information project, and those staff add by hand. */
export function RestrictedListPanel() {
  const user = useCurrentUser();
  const list = useRestrictedList();
  const [removing, setRemoving] = useState<RestrictedCompany | null>(null);
  const mayEdit = can(user?.role_id, 'insider_register', 'create');
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Restricted list
        </Title>
        <Text size="sm" c="dimmed">
          Nobody may deal for their own account in these companies. A company with an uncleansed inside-information project is on it until
          the project is cleansed.
        </Text>
        {mayEdit && <AddCompany />}
        {!list.data ? (
          <Skeleton h={80} />
        ) : (
          <SimpleTable
            caption="Restricted companies"
            rows={list.data}
            rowKey={(c) => `${c.source}-${c.id ?? c.project_id}`}
            minWidth={560}
            empty={<EmptyState icon={IconListCheck} title="No restricted companies" />}
            columns={[
              {
                key: 'company',
                label: 'Company',
                render: (c) => (
                  <Text size="sm" fw={600}>
                    {c.company_name}
                  </Text>
                ),
              },
              { key: 'why', label: 'Why', render: (c) => <Text size="sm">{c.reason}</Text> },
              { key: 'since', label: 'Since', render: (c) => <Text size="sm">{formatDateTimeUtc(c.since)}</Text> },
              {
                key: 'source',
                label: 'Source',
                render: (c) => (
                  <Badge tt="none" c="dark.8" variant="light" color={c.source === 'project' ? 'red' : 'gray'}>
                    {c.source === 'project' ? 'Open project' : 'By staff'}
                  </Badge>
                ),
              },
              {
                key: 'actions',
                label: 'Actions',
                hideLabel: true,
                render: (c) =>
                  mayEdit &&
                  c.source === 'manual' && (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setRemoving(c)}
                      aria-label={`Lift the restriction on ${c.company_name}`}
                    >
                      Lift
                    </Button>
                  ),
              },
            ]}
          />
        )}
      </Stack>
      <RemoveCompany company={removing} onClose={() => setRemoving(null)} />
    </Paper>
  );
}

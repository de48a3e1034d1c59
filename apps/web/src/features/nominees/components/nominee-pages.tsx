import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { can, createNomineeBody, HOLDER_PERMISSION_EVENT, type Nominee, updateNomineeBody } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import type { Column } from '../../../ui/data-table';
import { Fact } from '../../../ui/fact';
import { ActivityPanel } from '../../records';
import { RecordsPanel } from '../../records';
import { useHolder } from '../../holders';
import { HeldInvestmentsPanel } from '../../holders';
import { EditHolderPage, NewHolderPage, type HolderField } from '../../holders';
import { HolderListPage } from '../../holders';
import { HolderPage } from '../../holders';
import { formatDate } from '../../../app/format';

const LIST = '/admin/investors/nominees';
const recordPath = (id: number | string) => `${LIST}/${id}/transactions`;

const FIELDS: HolderField[] = [
  { name: 'name', label: 'Name', required: true, placeholder: 'Platform Nominees Ltd' },
  { name: 'company_number', label: 'Company number' },
  { name: 'email', label: 'Email', kind: 'email' },
  { name: 'address', label: 'Address', kind: 'textarea', wide: true },
];

/** /admin/investors/nominees. */
export function NomineesListPage() {
  const { terms } = useBranding();
  const columns: Column<Nominee>[] = [
    {
      key: 'name',
      label: 'Name',
      sort: 'name',
      render: (r) => (
        <Text fw={600} size="sm">
          {r.name}
        </Text>
      ),
    },
    { key: 'company_number', label: 'Company number', render: (r) => <Text size="sm">{r.company_number ?? '—'}</Text> },
    { key: 'email', label: 'Email', render: (r) => <Text size="sm">{r.email ?? '—'}</Text> },
    { key: 'created_at', label: 'Added', sort: 'created_at', render: (r) => <Text size="sm">{formatDate(r.created_at)}</Text> },
  ];
  return (
    <HolderListPage<Nominee>
      resource="nominees"
      title={terms.nominees}
      path={LIST}
      newPath={`${LIST}/new-nominee`}
      newLabel="New nominee"
      searchPlaceholder="Name or company number"
      columns={columns}
      rowHref={(r) => recordPath(r.id)}
      empty={{ icon: IconBuildingBank, title: 'No nominees yet', hint: 'Add the nominee companies that hold shares for your investors.' }}
    />
  );
}

export function NewNomineePage() {
  const { terms } = useBranding();
  return (
    <NewHolderPage
      resource="nominees"
      fields={FIELDS}
      body={createNomineeBody}
      noun="nominee"
      listPath={LIST}
      listLabel={terms.nominees}
      recordPath={recordPath}
    />
  );
}

export function EditNomineePage() {
  const { terms } = useBranding();
  return (
    <EditHolderPage
      resource="nominees"
      fields={FIELDS}
      body={updateNomineeBody}
      noun="nominee"
      listPath={LIST}
      listLabel={terms.nominees}
      recordPath={recordPath}
    />
  );
}

/** /admin/investors/nominees/{id}/transactions and /notes-calls-tasks. */
export function NomineePage({ tab }: { tab: 'transactions' | 'notes-calls-tasks' }) {
  const { id } = useParams({ strict: false }) as { id: string };
  const { terms } = useBranding();
  const user = useCurrentUser();
  const query = useHolder<Nominee>('nominees', id);
  const nominee = query.data;
  return (
    <HolderPage
      resource="nominees"
      record={nominee}
      error={query.error}
      listPath={LIST}
      listLabel={terms.nominees}
      base={`${LIST}/${id}`}
      tab={tab}
      tabs={[
        { value: 'transactions', label: 'Transactions' },
        { value: 'notes-calls-tasks', label: 'Notes, Calls and Tasks' },
      ]}
    >
      {nominee && (
        <Stack gap="lg">
          <Paper withBorder radius="md" p="lg">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Fact label="Company number" value={nominee.company_number} />
              <Fact label="Email" value={nominee.email} />
              <Fact label="Address" value={nominee.address} />
            </SimpleGrid>
          </Paper>
          {tab === 'transactions' && <HeldInvestmentsPanel resource="nominees" id={nominee.id} />}
          {tab === 'notes-calls-tasks' && (
            <>
              <RecordsPanel
                subject={{ type: 'nominee', id: nominee.id }}
                canWrite={can(user?.role_id, HOLDER_PERMISSION_EVENT, 'update')}
              />
              <ActivityPanel subject={{ type: 'nominee', id: nominee.id }} />
            </>
          )}
        </Stack>
      )}
    </HolderPage>
  );
}

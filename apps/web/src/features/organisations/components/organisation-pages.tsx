import { Badge, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBuildingSkyscraper } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import { can, createOrganisationBody, HOLDER_PERMISSION_EVENT, type Organisation, updateOrganisationBody } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import type { Column } from '../../../ui/data-table';
import { Fact } from '../../../ui/fact';
import { ActivityPanel } from '../../records';
import { DocumentsPanel } from '../../records';
import { RecordsPanel } from '../../records';
import { useHolder } from '../../holders';
import { HeldInvestmentsPanel } from '../../holders';
import { EditHolderPage, NewHolderPage, type HolderField } from '../../holders';
import { HolderListPage } from '../../holders';
import { HolderPage } from '../../holders';
import { ORGANISATION_TYPE_OPTIONS } from '../api/organisations';
import { LinkedPeoplePanel } from './linked-people-panel';
import { formatDate } from '../../../app/format';

export type OrganisationTab = 'details' | 'transactions' | 'notes-calls-tasks';

const LIST = '/admin/investors/organisations';
const recordPath = (id: number | string) => `${LIST}/${id}/details`;

const FIELDS: HolderField[] = [
  { name: 'name', label: 'Name', required: true, placeholder: 'Isla Family Trust' },
  { name: 'type', label: 'Type', kind: 'select', required: true, options: ORGANISATION_TYPE_OPTIONS },
  { name: 'company_number', label: 'Company or registration number' },
  { name: 'country', label: 'Country', placeholder: 'United Kingdom' },
  { name: 'email', label: 'Email', kind: 'email' },
  { name: 'phone', label: 'Phone' },
  { name: 'address', label: 'Registered address', kind: 'textarea', wide: true },
];

/** /admin/investors/organisations. */
export function OrganisationsListPage() {
  const { terms } = useBranding();
  const columns: Column<Organisation>[] = [
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
    {
      key: 'type',
      label: 'Type',
      sort: 'type',
      render: (r) => (
        <Badge variant="light" radius="sm" style={{ textTransform: 'none' }}>
          {r.type_label}
        </Badge>
      ),
    },
    { key: 'company_number', label: 'Company number', render: (r) => <Text size="sm">{r.company_number ?? '—'}</Text> },
    { key: 'users_count', label: 'Linked people', render: (r) => <Text size="sm">{r.users_count}</Text> },
    { key: 'created_at', label: 'Added', sort: 'created_at', render: (r) => <Text size="sm">{formatDate(r.created_at)}</Text> },
  ];
  return (
    <HolderListPage<Organisation>
      resource="organisations"
      title={terms.organisations}
      path={LIST}
      newPath={`${LIST}/new-organisation`}
      newLabel="New organisation"
      searchPlaceholder="Name or company number"
      columns={columns}
      types={ORGANISATION_TYPE_OPTIONS}
      rowHref={(r) => recordPath(r.id)}
      empty={{
        icon: IconBuildingSkyscraper,
        title: 'No organisations yet',
        hint: 'Add the companies and trusts your investors invest through.',
      }}
    />
  );
}

export function NewOrganisationPage() {
  const { terms } = useBranding();
  return (
    <NewHolderPage
      resource="organisations"
      fields={FIELDS}
      body={createOrganisationBody}
      noun="organisation"
      listPath={LIST}
      listLabel={terms.organisations}
      recordPath={recordPath}
    />
  );
}

export function EditOrganisationPage() {
  const { terms } = useBranding();
  return (
    <EditHolderPage
      resource="organisations"
      fields={FIELDS}
      body={updateOrganisationBody}
      noun="organisation"
      listPath={LIST}
      listLabel={terms.organisations}
      recordPath={recordPath}
    />
  );
}

/** /admin/investors/organisations/{id}/details, transactions, notes-calls-tasks. */
export function OrganisationPage({ tab }: { tab: OrganisationTab }) {
  const { id } = useParams({ strict: false }) as { id: string };
  const { terms } = useBranding();
  const user = useCurrentUser();
  const query = useHolder<Organisation>('organisations', id);
  const organisation = query.data;
  return (
    <HolderPage
      resource="organisations"
      record={organisation}
      error={query.error}
      listPath={LIST}
      listLabel={terms.organisations}
      base={`${LIST}/${id}`}
      tab={tab}
      badges={
        organisation && (
          <Badge variant="light" radius="sm" style={{ textTransform: 'none' }}>
            {organisation.type_label}
          </Badge>
        )
      }
      tabs={[
        { value: 'details', label: 'Details' },
        { value: 'transactions', label: 'Transactions' },
        { value: 'notes-calls-tasks', label: 'Notes, Calls and Tasks' },
      ]}
    >
      {organisation && tab === 'details' && (
        <Stack gap="lg">
          <Paper withBorder radius="md" p="lg">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
              <Fact label="Company number" value={organisation.company_number} />
              <Fact label="Country" value={organisation.country} />
              <Fact label="Email" value={organisation.email} />
              <Fact label="Phone" value={organisation.phone} />
              <Fact label="Registered address" value={organisation.address} />
              <Fact label="Added" value={formatDate(organisation.created_at)} />
            </SimpleGrid>
          </Paper>
          <LinkedPeoplePanel organisationId={organisation.id} />
          <DocumentsPanel
            subject={{ type: 'organisation', id: organisation.id }}
            canWrite={can(user?.role_id, HOLDER_PERMISSION_EVENT, 'update')}
            publicLabel="Visible to its people"
          />
        </Stack>
      )}
      {organisation && tab === 'transactions' && <HeldInvestmentsPanel resource="organisations" id={organisation.id} />}
      {organisation && tab === 'notes-calls-tasks' && (
        <Stack gap="lg">
          <RecordsPanel
            subject={{ type: 'organisation', id: organisation.id }}
            canWrite={can(user?.role_id, HOLDER_PERMISSION_EVENT, 'update')}
          />
          <ActivityPanel subject={{ type: 'organisation', id: organisation.id }} />
        </Stack>
      )}
    </HolderPage>
  );
}

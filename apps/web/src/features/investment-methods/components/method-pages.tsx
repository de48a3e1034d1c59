import { Badge, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { useParams } from '@tanstack/react-router';
import {
  can,
  createInvestmentMethodBody,
  HOLDER_PERMISSION_EVENT,
  INVESTMENT_METHOD_TYPE_LABELS,
  INVESTMENT_METHOD_TYPES,
  type InvestmentMethod,
  updateInvestmentMethodBody,
} from '@platform/domain';
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
import { AccountsPanel } from './accounts-panel';

export type MethodTab = 'details' | 'transactions' | 'notes-calls-tasks';

const LIST = '/admin/investors/investment-methods';
const recordPath = (id: number | string) => `${LIST}/${id}/details`;
const TYPES = INVESTMENT_METHOD_TYPES.map((value) => ({ value, label: INVESTMENT_METHOD_TYPE_LABELS[value] }));

const FIELDS: HolderField[] = [
  { name: 'name', label: 'Name', required: true, placeholder: 'Acme SIPP' },
  { name: 'type', label: 'Type', kind: 'select', required: true, options: TYPES },
  { name: 'provider', label: 'Provider', placeholder: 'The pension or platform provider' },
  { name: 'description', label: 'Description', kind: 'textarea', wide: true },
];

/** /admin/investors/investment-methods. */
export function MethodsListPage() {
  const { terms } = useBranding();
  const columns: Column<InvestmentMethod>[] = [
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
    { key: 'provider', label: 'Provider', render: (r) => <Text size="sm">{r.provider ?? '—'}</Text> },
    { key: 'entities_count', label: 'Accounts', render: (r) => <Text size="sm">{r.entities_count}</Text> },
  ];
  return (
    <HolderListPage<InvestmentMethod>
      resource="investment-methods"
      title={terms.altInvestmentMethods}
      path={LIST}
      newPath={`${LIST}/new-method`}
      newLabel="New method"
      searchPlaceholder="Name or provider"
      columns={columns}
      types={TYPES}
      rowHref={(r) => recordPath(r.id)}
      empty={{
        icon: IconWallet,
        title: 'No investment methods yet',
        hint: 'Add the SIPPs, ISAs and nominee accounts your investors hold through.',
      }}
    />
  );
}

export function NewMethodPage() {
  const { terms } = useBranding();
  return (
    <NewHolderPage
      resource="investment-methods"
      fields={FIELDS}
      body={createInvestmentMethodBody}
      noun="investment method"
      listPath={LIST}
      listLabel={terms.altInvestmentMethods}
      recordPath={recordPath}
    />
  );
}

export function EditMethodPage() {
  const { terms } = useBranding();
  return (
    <EditHolderPage
      resource="investment-methods"
      fields={FIELDS}
      body={updateInvestmentMethodBody}
      noun="investment method"
      listPath={LIST}
      listLabel={terms.altInvestmentMethods}
      recordPath={recordPath}
    />
  );
}

/** /admin/investors/investment-methods/{id}/details, transactions, notes-calls-tasks. */
export function MethodPage({ tab }: { tab: MethodTab }) {
  const { id } = useParams({ strict: false }) as { id: string };
  const { terms } = useBranding();
  const user = useCurrentUser();
  const query = useHolder<InvestmentMethod>('investment-methods', id);
  const method = query.data;
  return (
    <HolderPage
      resource="investment-methods"
      record={method}
      error={query.error}
      listPath={LIST}
      listLabel={terms.altInvestmentMethods}
      base={`${LIST}/${id}`}
      tab={tab}
      badges={
        method && (
          <Badge variant="light" radius="sm" style={{ textTransform: 'none' }}>
            {method.type_label}
          </Badge>
        )
      }
      tabs={[
        { value: 'details', label: 'Details' },
        { value: 'transactions', label: 'Transactions' },
        { value: 'notes-calls-tasks', label: 'Notes, Calls and Tasks' },
      ]}
    >
      {method && tab === 'details' && (
        <Stack gap="lg">
          <Paper withBorder radius="md" p="lg">
            <SimpleGrid cols={{ base: 1, sm: 3 }} mb={method.description ? 'md' : 0}>
              <Fact label="Type" value={method.type_label} />
              <Fact label="Provider" value={method.provider} />
              <Fact label="Accounts" value={String(method.entities_count)} />
            </SimpleGrid>
            {method.description && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {method.description}
              </Text>
            )}
          </Paper>
          <AccountsPanel methodId={method.id} />
          <DocumentsPanel
            subject={{ type: 'investment_method', id: method.id }}
            canWrite={can(user?.role_id, HOLDER_PERMISSION_EVENT, 'update')}
            publicLabel="Visible to account holders"
          />
        </Stack>
      )}
      {method && tab === 'transactions' && <HeldInvestmentsPanel resource="investment-methods" id={method.id} />}
      {method && tab === 'notes-calls-tasks' && (
        <Stack gap="lg">
          <RecordsPanel
            subject={{ type: 'investment_method', id: method.id }}
            canWrite={can(user?.role_id, HOLDER_PERMISSION_EVENT, 'update')}
          />
          <ActivityPanel subject={{ type: 'investment_method', id: method.id }} />
        </Stack>
      )}
    </HolderPage>
  );
}

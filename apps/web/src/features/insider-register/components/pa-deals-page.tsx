import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { IconPlus, IconReceipt } from '@tabler/icons-react';
import { can, PA_DEAL_STATUS_LABELS, PA_DEAL_STATUSES } from '@platform/domain';
import { formatDateTimeUtc, formatPrice, formatUnits } from '../../../app/format';
import { useCurrentUser } from '../../../app/session';
import { useListPage } from '../../../app/use-list-page';
import { ButtonLink } from '../../../ui/button-link';
import { DataTable, type Column } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { ListPage, SearchFilter, SelectFilter } from '../../../ui/list-filters';
import { usePageTitle } from '../../../ui/page-title';
import { usePaDeals, type PaDeal } from '../api/insider-register';
import { PaDealModal } from './pa-deal-modal';
import { PaDealStatusBadge } from './pa-deal-status-badge';
import type { PaDealsSearch } from './register-search';
import { RestrictedListPanel } from './restricted-list-panel';

const columns: Column<PaDeal>[] = [
  {
    key: 'requested_at',
    label: 'Requested',
    sort: 'requested_at',
    render: (d) => <Text size="sm">{formatDateTimeUtc(d.requested_at)}</Text>,
  },
  { key: 'requester', label: 'Requested by', render: (d) => <Text size="sm">{d.requester.name}</Text> },
  {
    key: 'company_name',
    label: 'Company',
    sort: 'company_name',
    render: (d) => (
      <Text size="sm" fw={600}>
        {d.company_name}
      </Text>
    ),
  },
  {
    key: 'deal',
    label: 'Deal',
    render: (d) => (
      <Text size="sm">
        {d.direction === 'buy' ? 'Buy' : 'Sell'} {formatUnits(d.quantity)} at about {formatPrice(d.expected_price, d.currency)}
      </Text>
    ),
  },
  { key: 'status', label: 'Status', width: 200, render: (d) => <PaDealStatusBadge status={d.status} /> },
];

/** /admin/insider-register/pa-deals: personal-account deals; compliance sees all and decides, others see their own. */
export function PaDealsPage() {
  usePageTitle('PA Deals');
  const user = useCurrentUser();
  const listPage = useListPage<PaDealsSearch>({
    path: '/admin/insider-register/pa-deals',
    defaultSort: '-requested_at',
    filters: (search, text) => ({ search: text, status: search.status }),
  });
  const list = usePaDeals(listPage.params);
  const [openId, setOpenId] = useState<number | null>(null);
  const open = list.data?.data.find((d) => d.id === openId) ?? null;
  const filtered = Boolean(listPage.search.search || listPage.search.status);

  return (
    <Stack gap="lg">
      <ListPage
        title="PA Deals"
        actions={
          <ButtonLink to="/admin/insider-register/pa-deals/create" leftSection={<IconPlus size={16} aria-hidden />}>
            New PA deal
          </ButtonLink>
        }
        filters={
          <>
            <SearchFilter placeholder="Company" {...listPage.searchBox} />
            <SelectFilter
              label="Status"
              placeholder="Any status"
              data={PA_DEAL_STATUSES.map((s) => ({ value: s, label: PA_DEAL_STATUS_LABELS[s] }))}
              value={listPage.search.status}
              onChange={(value) => listPage.update({ status: value })}
              w={220}
            />
          </>
        }
      >
        <DataTable
          caption={`PA deals, page ${listPage.page}`}
          columns={columns}
          rowKey={(d) => d.id}
          onRowClick={(d) => setOpenId(d.id)}
          empty={
            <EmptyState icon={IconReceipt} title={filtered ? 'No PA deals match' : 'No PA deals yet'}>
              {filtered ? 'Try another company or status.' : 'Ask for pre-clearance before dealing in shares for your own account.'}
            </EmptyState>
          }
          {...listPage.table(list)}
        />
      </ListPage>
      {can(user?.role_id, 'insider_register', 'index') && <RestrictedListPanel />}
      <PaDealModal deal={open} onClose={() => setOpenId(null)} />
    </Stack>
  );
}

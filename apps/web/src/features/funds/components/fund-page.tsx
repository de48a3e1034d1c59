import { Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Tabs, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { can } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { Fact } from '../../../ui/fact';
import { usePageTitle } from '../../../ui/page-title';
import { RichText } from '../../../ui/rich-text';
import { ErrorPage } from '../../errors';
import { RecordsPanel } from '../../records';
import { deleteFund, useFund, useFundAction, type Fund } from '../api/funds';
import { AnalysisPanel } from './analysis-panel';
import { FundKpisPanel } from './fund-kpis-panel';
import { LedgersPanel } from './ledgers-panel';
import { FundFiguresCards, NavPanel } from './nav-panel';
import { PortfolioPanel } from './portfolio-panel';
import { DeleteRecordButton } from '../../../ui/delete-record-button';
import { BackLink } from '../../../ui/back-link';
import { formatAmount, formatPercent } from '../../../app/format';
import { RouteTabs } from '../../../ui/route-tabs';

export type FundTab = 'details' | 'transactions' | 'portfolio' | 'notes-calls-tasks' | 'portfolio-analysis' | 'kpis';

function Details({ fund, canWrite, canDelete }: { fund: Fund; canWrite: boolean; canDelete: boolean }) {
  return (
    <Stack gap="lg">
      <FundFiguresCards fund={fund} />
      <Paper withBorder radius="md" p="lg">
        <SimpleGrid cols={{ base: 2, md: 4 }} mb={fund.description ? 'lg' : 0}>
          <Fact label="Type" value={fund.type} />
          <Fact label="Vintage" value={String(fund.vintage)} />
          <Fact label="Currency" value={fund.currency} />
          <Fact label="Target size" value={formatAmount(fund.target_size, fund.currency)} />
          <Fact label="Management fee" value={fund.management_fee ? `${formatPercent(fund.management_fee)} a year` : ''} />
          <Fact label="Performance fee" value={fund.performance_fee ? formatPercent(fund.performance_fee) : ''} />
          <Fact label="Manager" value={fund.manager?.name} />
        </SimpleGrid>
        {fund.description && <RichText html={fund.description} />}
      </Paper>
      <NavPanel fund={fund} canWrite={canWrite} canDelete={canDelete} />
    </Stack>
  );
}

function DeleteFund({ fund }: { fund: Fund }) {
  const navigate = useNavigate();
  const remove = useFundAction(() => deleteFund(fund.id));
  return (
    <DeleteRecordButton
      name={fund.name}
      what="fund"
      consequence="A fund with ledger entries or holdings cannot be deleted: investors' records never vanish with it."
      remove={() => remove.mutateAsync(undefined)}
      pending={remove.isPending}
      onDeleted={() => void navigate({ to: '/admin/funds' })}
    />
  );
}

/** /admin/funds/{id}/{tab}: one fund with its tabs (spec §2.2 Funds). */
export function FundPage({ tab }: { tab: FundTab }) {
  const { id } = useParams({ strict: false }) as { id: string };
  const { terms, flags } = useBranding();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const query = useFund(id);
  const fund = query.data;
  usePageTitle(fund?.name ?? terms.funds);
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  // Switched off while the tab is open (the settings reload in real time): the tab is gone, as a fresh load finds it.
  if (tab === 'portfolio-analysis' && !flags.enablePortfolioAnalysis) return <ErrorPage status={404} />;
  if (!fund)
    return (
      <Stack gap="lg">
        <Skeleton h={36} w={320} />
        <Skeleton h={420} radius="md" />
      </Stack>
    );
  const role = user?.role_id;
  const base = `/admin/funds/${fund.id}`;
  // Keeping the books (NAVs, ledgers) is upkeep of the fund: 'update' on funds (decision 0009).
  const mayUpdate = can(role, 'funds', 'update');
  const mayDelete = can(role, 'funds', 'delete');
  return (
    <Stack gap="lg">
      <BackLink to="/admin/funds">{terms.funds}</BackLink>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} fz={26}>
            {fund.name}
          </Title>
          <Group gap="xs" mt={6}>
            <Badge variant="light" radius="sm" style={{ textTransform: 'none' }}>
              {fund.type}
            </Badge>
            <Badge variant="light" color="gray" radius="sm" style={{ textTransform: 'none' }}>
              Vintage {fund.vintage}
            </Badge>
          </Group>
        </div>
        <Group gap="sm">
          {mayUpdate && (
            <Button component={Link} to={`${base}/edit`} leftSection={<IconPencil size={16} aria-hidden />}>
              Edit
            </Button>
          )}
          {mayDelete && <DeleteFund fund={fund} />}
        </Group>
      </Group>
      <RouteTabs value={tab} onChange={(value) => value && void navigate({ to: `${base}/${value}` })}>
        <Tabs.List>
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="transactions">Transactions</Tabs.Tab>
          <Tabs.Tab value="portfolio">Portfolio</Tabs.Tab>
          <Tabs.Tab value="notes-calls-tasks">Notes, Calls and Tasks</Tabs.Tab>
          {flags.enablePortfolioAnalysis && <Tabs.Tab value="portfolio-analysis">Portfolio analysis</Tabs.Tab>}
          <Tabs.Tab value="kpis">KPIs</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={tab} pt="lg">
          <Stack gap="lg">
            {tab === 'details' && <Details fund={fund} canWrite={mayUpdate} canDelete={mayDelete} />}
            {tab === 'transactions' && <LedgersPanel fund={fund} canWrite={mayUpdate} canDelete={mayDelete} />}
            {tab === 'portfolio' && (
              <PortfolioPanel
                fund={fund}
                canOpen={can(role, 'fund_opportunities', 'show')}
                canCreate={can(role, 'fund_opportunities', 'create')}
              />
            )}
            {tab === 'notes-calls-tasks' && <RecordsPanel subject={{ type: 'fund', id: fund.id }} canWrite={mayUpdate} />}
            {tab === 'portfolio-analysis' && <AnalysisPanel fund={fund} />}
            {tab === 'kpis' && <FundKpisPanel fundId={fund.id} currency={fund.currency} side="staff" />}
          </Stack>
        </Tabs.Panel>
      </RouteTabs>
    </Stack>
  );
}

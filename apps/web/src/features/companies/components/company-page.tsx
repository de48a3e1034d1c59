import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { can, MATURITY_STATUS_LABELS, toMultiple } from '@platform/domain';
import { ApiError } from '../../../app/api-client';
import { useCurrentUser } from '../../../app/session';
import { useBranding, useFeature } from '../../../app/settings';
import { Fact } from '../../../ui/fact';
import { usePageTitle } from '../../../ui/page-title';
import { RichText } from '../../../ui/rich-text';
import { ErrorPage } from '../../errors';
import { RecordsPanel } from '../../records';
import { deleteCompany, useCompany, useCompanyAction, useMaturityStatuses, type Company } from '../api/companies';
import { MaturityStatusBadge } from './maturity-status-badge';
import { MaturityStatusesPanel } from './maturity-statuses-panel';
import { DeleteRecordButton } from '../../../ui/delete-record-button';
import { BackLink } from '../../../ui/back-link';
import { formatAmount, formatDate, formatMultiple } from '../../../app/format';
import { SimpleTable } from '../../../ui/simple-table';
import { RouteTabs } from '../../../ui/route-tabs';

export type CompanyTab = 'details' | 'key-information' | 'transactions' | 'notes-calls-tasks' | 'maturity-statuses';

const currencyOf = (c: Company) => c.fund?.currency ?? 'GBP';
const NOT_HELD = new Set(['exited', 'written_off']);

function Details({ company: c }: { company: Company }) {
  const { terms } = useBranding();
  const currency = currencyOf(c);
  const value = NOT_HELD.has(c.maturity_status) ? '0' : (c.current_valuation ?? c.cost);
  const multiple = toMultiple(c.current_valuation ?? c.cost, c.cost);
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Fact label="Cost" value={formatAmount(c.cost, currency)} strong />
          <Fact
            label="Current valuation"
            value={c.current_valuation ? formatAmount(c.current_valuation, currency) : `${formatAmount(c.cost, currency)} (at cost)`}
            strong
          />
          <Fact label="Multiple of cost" value={formatMultiple(multiple)} />
          <Fact label="Value in the fund" value={formatAmount(value, currency)} />
          <Fact label="Invested" value={formatDate(c.investment_date)} />
          <Fact label="Valued" value={formatDate(c.valuation_date)} />
          <Fact label={terms.industry} value={c.industry} />
          <Fact label="Stage" value={c.stage} />
        </SimpleGrid>
      </Paper>
      {c.description && (
        <Paper withBorder radius="md" p="lg">
          <Text>{c.description}</Text>
        </Paper>
      )}
    </Stack>
  );
}

function KeyInformation({ company: c }: { company: Company }) {
  return (
    <Paper withBorder radius="md" p="lg">
      {c.key_information ? (
        <RichText html={c.key_information} />
      ) : (
        <Text size="sm" c="dimmed">
          No key information yet. Edit the fund investment to add it.
        </Text>
      )}
    </Paper>
  );
}

/**
 * What happened to the money in this holding: the investment, the latest valuation and the status
 * changes that realised or wrote it off. Investors' money in and out is on the fund's ledgers.
 */
function Transactions({ company: c, fundsLink }: { company: Company; fundsLink: boolean }) {
  const history = useMaturityStatuses(c.id);
  const currency = currencyOf(c);
  const rows = [
    ...(c.investment_date || c.cost
      ? [
          {
            key: 'investment',
            date: c.investment_date,
            what: 'Investment',
            amount: formatAmount(c.cost, currency),
            note: c.stage ? `${c.stage} round` : '',
          },
        ]
      : []),
    ...(c.current_valuation
      ? [{ key: 'valuation', date: c.valuation_date, what: 'Valuation', amount: formatAmount(c.current_valuation, currency), note: '' }]
      : []),
    ...(history.data ?? [])
      .filter((h) => h.status !== 'active')
      .map((h) => ({ key: `status-${h.id}`, date: h.date, what: MATURITY_STATUS_LABELS[h.status], amount: '—', note: h.note ?? '' })),
  ].sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''));
  return (
    <Stack gap="md">
      <Paper withBorder radius="md">
        <SimpleTable
          verticalSpacing="sm"
          horizontalSpacing="md"
          striped
          title="Transactions"
          bodyStyle={{ fontVariantNumeric: 'tabular-nums' }}
          rows={rows}
          rowKey={(r) => r.key}
          columns={[
            { key: 'date', label: 'Date', render: (r) => formatDate(r.date) },
            { key: 'what', label: 'Transaction', render: (r) => r.what },
            { key: 'amount', label: 'Amount', render: (r) => r.amount },
            { key: 'note', label: 'Note', render: (r) => r.note || '—' },
          ]}
        />
      </Paper>
      <Text size="sm" c="dimmed">
        Investors' subscriptions and the distributions this holding paid for are on the fund's ledgers
        {fundsLink && (
          <>
            :{' '}
            <Anchor component={Link} to={`/admin/funds/${c.fund_id}/transactions`}>
              {c.fund?.name ?? 'the fund'}
            </Anchor>
          </>
        )}
        .
      </Text>
    </Stack>
  );
}

function DeleteCompany({ company }: { company: Company }) {
  const navigate = useNavigate();
  const remove = useCompanyAction(() => deleteCompany(company.id));
  return (
    <DeleteRecordButton
      name={company.company_name}
      what="fund investment"
      consequence="The fund investment leaves the list and its fund's portfolio. Its history is kept."
      remove={() => remove.mutateAsync(undefined)}
      pending={remove.isPending}
      onDeleted={() => void navigate({ to: '/admin/investments/companies' })}
    />
  );
}

/** /admin/investments/companies/{id}/{tab}: one fund investment with its tabs (spec §2.2). */
export function CompanyPage({ tab }: { tab: CompanyTab }) {
  const { id } = useParams({ strict: false }) as { id: string };
  const { terms } = useBranding();
  const fundsOn = useFeature('enableFunds');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const query = useCompany(id);
  const company = query.data;
  usePageTitle(company?.company_name ?? terms.fundOpportunities);
  if (query.error) return <ErrorPage status={query.error instanceof ApiError ? query.error.status : 500} />;
  if (!company)
    return (
      <Stack gap="lg">
        <Skeleton h={36} w={320} />
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  const base = `/admin/investments/companies/${company.id}`;
  const mayUpdate = can(user?.role_id, 'fund_opportunities', 'update');
  const fundsLink = fundsOn && can(user?.role_id, 'funds', 'show');
  return (
    <Stack gap="lg">
      <BackLink to="/admin/investments/companies">{terms.fundOpportunities}</BackLink>
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="sm">
            <Title order={1} fz={26}>
              {company.company_name}
            </Title>
            <MaturityStatusBadge status={company.maturity_status} />
          </Group>
          {company.fund &&
            (fundsLink ? (
              <Anchor component={Link} to={`/admin/funds/${company.fund_id}/details`} c="dimmed" size="sm">
                {company.fund.name}
              </Anchor>
            ) : (
              <Text c="dimmed" size="sm">
                {company.fund.name}
              </Text>
            ))}
        </div>
        <Group gap="sm">
          {mayUpdate && (
            <Button component={Link} to={`${base}/edit`} leftSection={<IconPencil size={16} aria-hidden />}>
              Edit
            </Button>
          )}
          {can(user?.role_id, 'fund_opportunities', 'delete') && <DeleteCompany company={company} />}
        </Group>
      </Group>
      <RouteTabs value={tab} onChange={(value) => value && void navigate({ to: `${base}/${value}` })}>
        <Tabs.List>
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="key-information">Key Information</Tabs.Tab>
          <Tabs.Tab value="transactions">Transactions</Tabs.Tab>
          <Tabs.Tab value="notes-calls-tasks">Notes, Calls and Tasks</Tabs.Tab>
          <Tabs.Tab value="maturity-statuses">Maturity statuses</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={tab} pt="lg">
          <Stack gap="lg">
            {tab === 'details' && <Details company={company} />}
            {tab === 'key-information' && <KeyInformation company={company} />}
            {tab === 'transactions' && <Transactions company={company} fundsLink={fundsLink} />}
            {tab === 'notes-calls-tasks' && <RecordsPanel subject={{ type: 'company', id: company.id }} canWrite={mayUpdate} />}
            {tab === 'maturity-statuses' && <MaturityStatusesPanel company={company} canWrite={mayUpdate} />}
          </Stack>
        </Tabs.Panel>
      </RouteTabs>
    </Stack>
  );
}

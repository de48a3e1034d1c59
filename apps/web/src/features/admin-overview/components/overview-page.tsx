import { lazy, type ReactNode, Suspense } from 'react';
import { Anchor, Badge, Box, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import {
  APPROPRIATENESS_STATE_LABELS,
  INVESTOR_CATEGORY_DETAILS,
  KYC_STATUS_LABELS,
  OPPORTUNITY_STATUS_LABELS,
  opportunityAdminPath,
  type OpportunityStatusId,
  type RecordSubjectType,
  type Task,
} from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { useBranding } from '../../../app/settings';
import { BarChart } from '../../../ui/bar-chart';
import { LatestActivity } from './latest-activity';
import { usePageTitle } from '../../../ui/page-title';
import {
  useAmlCount,
  useComplianceCount,
  useInvestmentValue,
  useInvestorCategories,
  useLiveOpportunities,
  useMyTasks,
  useRegistrationsByDay,
  useTrioBreakdown,
  useUserCounts,
} from '../api/use-overview-stats';
import { formatAmount, formatDate, formatDayMonth, formatNumber, formatPercent } from '../../../app/format';

// The chart library (recharts) weighs more than the rest of the page: it follows the page, not before it.
const StageChart = lazy(() => import('@mantine/charts').then((charts) => ({ default: charts.BarChart })));

const figureStyle = { fontVariantNumeric: 'tabular-nums' } as const;
const linkStyle = { color: 'var(--mantine-color-anchor)', fontSize: 'var(--mantine-font-size-sm)' } as const;

/** The investors list's filters a breakdown row opens. */
interface InvestorFilter {
  category?: string;
  kyc?: string;
  appropriateness?: string;
}
const OPPORTUNITIES = '/admin/investments/opportunities';
const DEALS = '/admin/investments/deals';
const INVESTORS = '/admin/investors';

/** One headline figure, linked to the list behind it. */
function Figure({ label, value, hint, to }: { label: string; value: string | undefined; hint?: string; to: string }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Anchor component={Link} to={to} size="sm" c="dimmed" fw={500}>
        {label}
      </Anchor>
      {value === undefined ? (
        <Skeleton h={34} mt={6} w={80} />
      ) : (
        <Text fz={28} fw={700} lh={1.3} style={figureStyle}>
          {value}
        </Text>
      )}
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

function Section({ title, link, children }: { title: string; link?: { to: string; label: string }; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {title}
        </Title>
        {link && (
          <Anchor component={Link} to={link.to} size="sm">
            {link.label}
          </Anchor>
        )}
      </Group>
      {children}
    </Paper>
  );
}

/** Money committed and received this month, and cash calls not yet paid, per currency. */
function ThisPeriod() {
  const value = useInvestmentValue().data;
  if (!value) return <Skeleton h={110} radius="md" />;
  const totals = value.totals.length
    ? value.totals
    : [{ currency: 'GBP', committed_this_period: '0', received_this_period: '0', cash_call_outstanding: '0' }];
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Since {formatDate(value.period_start)}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {totals.flatMap((t) => [
          <Figure
            key={`${t.currency}-c`}
            label="Committed this month"
            value={formatAmount(t.committed_this_period, t.currency)}
            to={OPPORTUNITIES}
          />,
          <Figure
            key={`${t.currency}-r`}
            label="Received this month"
            value={formatAmount(t.received_this_period, t.currency)}
            to={OPPORTUNITIES}
          />,
          <Figure
            key={`${t.currency}-o`}
            label="Cash calls outstanding"
            value={formatAmount(t.cash_call_outstanding, t.currency)}
            hint="Called, not yet paid"
            to={OPPORTUNITIES}
          />,
        ])}
      </SimpleGrid>
    </Stack>
  );
}

function LiveOpportunities() {
  const { terms } = useBranding();
  const live = useLiveOpportunities().data;
  return (
    <Section title={terms.LiveOpportunities} link={{ to: OPPORTUNITIES, label: live ? `All ${formatNumber(live.total)}` : 'All' }}>
      {!live ? (
        <Skeleton h={120} />
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            {live.by_status.map((s) => (
              <Badge key={s.status} variant="light" color="gray">
                {OPPORTUNITY_STATUS_LABELS[s.status as OpportunityStatusId]}: {formatNumber(s.count)}
              </Badge>
            ))}
          </Group>
          {live.open.length === 0 && <Text c="dimmed">No opportunity is open to investors.</Text>}
          {live.open.map((o) => {
            const share =
              o.target_raise && Number(o.target_raise) > 0 ? Math.min(100, (Number(o.committed) / Number(o.target_raise)) * 100) : null;
            return (
              <Stack key={o.id} gap={4}>
                <Group justify="space-between" wrap="nowrap">
                  <Anchor component={Link} to={opportunityAdminPath(o.id, o.status)} fw={600}>
                    {o.name}
                  </Anchor>
                  <Text size="sm" style={figureStyle}>
                    {formatAmount(o.committed, o.currency)}
                    {o.target_raise && ` of ${formatAmount(o.target_raise, o.currency)}`}
                  </Text>
                </Group>
                {share !== null && <Progress value={share} aria-label={`${o.name}: ${formatPercent(share.toFixed(1))} of target`} />}
                <Text size="xs" c="dimmed">
                  {OPPORTUNITY_STATUS_LABELS[o.status as OpportunityStatusId]}
                  {o.closes_at && ` · closes ${formatDate(o.closes_at)}`}
                </Text>
              </Stack>
            );
          })}
        </Stack>
      )}
    </Section>
  );
}

function Pipeline() {
  const { terms } = useBranding();
  const trio = useTrioBreakdown().data;
  const stages = trio?.pipeline.stages ?? [];
  const multiple = new Set(stages.map((s) => s.pipeline_id)).size > 1;
  const label = (s: (typeof stages)[number]) => (multiple ? `${s.pipeline}: ${s.stage}` : s.stage);
  return (
    <Section title="Pipeline by stage" link={{ to: DEALS, label: `All ${terms.dealOpportunities}` }}>
      {!trio ? (
        <Skeleton h={160} />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {formatNumber(trio.pipeline.count)} deals seeking{' '}
            {trio.pipeline.amount_sought.map((a) => formatAmount(a.amount, a.currency)).join(' + ') || formatAmount('0', 'GBP')}
          </Text>
          {stages.length > 0 && (
            // The figures are listed below the chart: to a screen reader it is one picture.
            <Box role="img" aria-label={`${terms.dealOpportunities} per pipeline stage`}>
              <Suspense fallback={<Skeleton h={Math.max(140, stages.length * 34)} />}>
                <StageChart
                  h={Math.max(140, stages.length * 34)}
                  orientation="vertical"
                  dataKey="stage"
                  data={stages.map((s) => ({ stage: label(s), [terms.dealOpportunities]: s.count }))}
                  series={[{ name: terms.dealOpportunities, color: 'brand.6' }]}
                  yAxisProps={{ width: 150 }}
                />
              </Suspense>
            </Box>
          )}
          {stages.map((s) => (
            <Group key={s.stage_id} justify="space-between" wrap="nowrap">
              <Text size="sm">{label(s)}</Text>
              <Text size="sm" style={figureStyle}>
                {formatNumber(s.count)} · {s.amount_sought.map((a) => formatAmount(a.amount, a.currency)).join(' + ') || '—'}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}

/** Rows of "label … count", each linking to the investors list filtered to it, with a bar of its share. */
function Breakdown({
  rows,
}: {
  rows: Array<{ key: string; label: string; count: number; search: InvestorFilter; note?: string }> | undefined;
}) {
  if (!rows) return <Skeleton h={120} />;
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  return (
    <Stack gap={8}>
      {rows.map((r) => (
        <Stack key={r.key} gap={2}>
          <Group justify="space-between" wrap="nowrap">
            <Link to="/admin/investors" search={r.search} style={linkStyle}>
              {r.label}
            </Link>
            <Text size="sm" fw={600} style={figureStyle}>
              {formatNumber(r.count)}
            </Text>
          </Group>
          {r.note && (
            <Text size="xs" c="dimmed">
              {r.note}
            </Text>
          )}
          <Progress value={total ? (r.count / total) * 100 : 0} size="xs" aria-hidden />
        </Stack>
      ))}
    </Stack>
  );
}

function Investors() {
  const categories = useInvestorCategories().data;
  const aml = useAmlCount().data;
  const appropriateness = useComplianceCount().data;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }}>
      <Section title="Investors by category">
        <Breakdown
          rows={categories?.map((c) => ({
            key: c.category ?? 'none',
            label: c.category ? INVESTOR_CATEGORY_DETAILS[c.category].label : 'Not categorised',
            count: c.count,
            search: { category: c.category ?? 'none' },
            note: c.pending ? `${formatNumber(c.pending)} to approve` : undefined,
          }))}
        />
      </Section>
      <Section title="Identity checks (KYC)">
        <Breakdown
          rows={aml
            ?.flatMap((a) => ('kyc_status' in a ? [a] : []))
            .map((a) => ({
              key: a.kyc_status,
              label: KYC_STATUS_LABELS[a.kyc_status],
              count: a.count,
              search: { kyc: a.kyc_status },
            }))}
        />
      </Section>
      <Section title="Appropriateness test">
        <Breakdown
          rows={appropriateness?.map((a) => ({
            key: a.appropriateness,
            label: APPROPRIATENESS_STATE_LABELS[a.appropriateness],
            count: a.count,
            search: { appropriateness: a.appropriateness },
          }))}
        />
      </Section>
    </SimpleGrid>
  );
}

/** Where a task's record shows its notes, calls and tasks. */
const TASK_RECORD_PATHS: Record<RecordSubjectType, (id: number) => string> = {
  investor: (id) => `/admin/investors/${id}/notes-calls-tasks`,
  contact: (id) => `/admin/investors/contacts/${id}/notes-calls-tasks`,
  organisation: (id) => `/admin/investors/organisations/${id}/notes-calls-tasks`,
  investment_method: (id) => `/admin/investors/investment-methods/${id}/notes-calls-tasks`,
  nominee: (id) => `/admin/investors/nominees/${id}/notes-calls-tasks`,
  pipeline_deal: (id) => `/admin/investments/deals/${id}/notes-calls-tasks`,
  opportunity: (id) => `/admin/investments/opportunities/${id}/notes-calls-tasks`,
  company: (id) => `/admin/investments/companies/${id}/notes-calls-tasks`,
  fund: (id) => `/admin/funds/${id}/notes-calls-tasks`,
  update_report: (id) => `/admin/reports/updates/${id}/details`,
  library: () => '/admin/reports/library',
};

function MyTasks() {
  const user = useCurrentUser();
  const tasks = useMyTasks(user?.id);
  const today = new Date().toISOString().slice(0, 10);
  const page = tasks.data;
  return (
    <Section title="My tasks">
      {!page ? (
        <Skeleton h={100} />
      ) : page.data.length === 0 ? (
        <Text c="dimmed">No open task is assigned to you.</Text>
      ) : (
        <Stack gap="xs">
          {page.data.map((task: Task) => (
            <Group key={task.id} justify="space-between" wrap="nowrap">
              <Anchor component={Link} to={TASK_RECORD_PATHS[task.subject_type as RecordSubjectType](task.subject_id)} size="sm">
                {task.title}
              </Anchor>
              {task.due_date && (
                <Badge variant={task.due_date < today ? 'filled' : 'light'} color={task.due_date < today ? 'red.9' : 'gray'}>
                  {task.due_date < today ? 'Overdue · ' : 'Due '}
                  {formatDate(task.due_date)}
                </Badge>
              )}
            </Group>
          ))}
          {page.meta.total > page.data.length && (
            <Text size="xs" c="dimmed">
              and {formatNumber(page.meta.total - page.data.length)} more
            </Text>
          )}
        </Stack>
      )}
    </Section>
  );
}

/** The staff overview: what a manager checks every morning, each figure linked to the list behind it. */
export function OverviewPage() {
  const { terms } = useBranding();
  usePageTitle(terms.overview);
  const counts = useUserCounts();
  const registrations = useRegistrationsByDay();
  const c = counts.data;
  const total90 = registrations.data?.reduce((sum, d) => sum + d.count, 0);
  const count = (n: number | undefined) => (n === undefined ? undefined : formatNumber(n));

  return (
    <Stack gap="lg">
      <Title order={1} fz={26}>
        {terms.overview}
      </Title>
      <ThisPeriod />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Figure label={terms.investors} value={count(c?.investors)} hint="Investor accounts" to={INVESTORS} />
        <Figure
          label="Verified investors"
          value={count(c?.verified_investors)}
          hint={c ? `${c.unverified_investors} still to verify their email` : undefined}
          to={INVESTORS}
        />
        <Figure label="Terms to accept" value={count(c?.pending_terms)} hint="Investors on an older terms version" to={INVESTORS} />
        <Figure label="Staff accounts" value={count(c?.staff)} to="/admin/settings/account/admin-accounts" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <LiveOpportunities />
        <Pipeline />
      </SimpleGrid>
      <Investors />
      <LatestActivity />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <MyTasks />
        <Paper withBorder p="lg" radius="md">
          <Title order={2} fz="lg" mb={4}>
            New investors, last 90 days
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {total90 === undefined ? 'Loading…' : `${total90} registrations`}
          </Text>
          {registrations.data ? (
            <BarChart
              data={registrations.data.map((d) => ({ label: d.date, value: d.count }))}
              title="New investors per day over the last 90 days"
              formatLabel={formatDayMonth}
            />
          ) : (
            <Skeleton h={180} />
          )}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

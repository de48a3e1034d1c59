import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconBuildingBank,
  IconCalendarStats,
  IconChartBar,
  IconChartLine,
  IconFileDescription,
  IconListCheck,
  IconNews,
  IconReportMoney,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReportKey, TermKey } from '@platform/domain';
import { useBranding } from '../../../app/settings';
import { usePageTitle } from '../../../ui/page-title';
import { type AvailableReport, useAvailableReports } from '../api/available-reports';
import { formatAmount, formatNumber } from '../../../app/format';

/** How each report is named (terminology) and described on its card. */
const REPORT_CARDS: Record<
  ReportKey,
  { term?: TermKey; title?: string; description: string; icon: typeof IconChartBar; amountLabel?: string }
> = {
  kpis: { term: 'kpis', description: 'KPI values across the portfolio, by company and period.', icon: IconChartBar },
  kpi_portfolio: {
    term: 'kpiPortfolio',
    description: 'The whole book: cost, current value, realised, MOIC and IRR.',
    icon: IconChartLine,
    amountLabel: 'invested',
  },
  updates: { term: 'updateReports', description: 'News published to investors, and drafts on their way.', icon: IconNews },
  wip: {
    term: 'wipReports',
    description: 'Deals and opportunities in progress, with owner, next task and last activity.',
    icon: IconListCheck,
  },
  investments: {
    title: 'Investments report',
    description: 'Every investment across the book: filter by company, investor, status, dates, currency and holder; export.',
    icon: IconReportMoney,
    amountLabel: 'paid or completed',
  },
  statements: {
    title: 'Investor statements',
    description: "Each investor's portfolio statement as PDF, generated for everyone or a client group and filed in their documents.",
    icon: IconFileDescription,
  },
  fund_kpis: {
    title: 'Fund KPIs',
    description: 'Per fund and quarter: NAV, paid-in, distributions, DPI, RVPI, TVPI and IRR.',
    icon: IconBuildingBank,
  },
  quarter_kpis: {
    title: 'Quarter KPIs',
    description: 'The KPI values every company reported for one chosen quarter.',
    icon: IconCalendarStats,
  },
};

function ReportCard({ report }: { report: AvailableReport }) {
  const { terms } = useBranding();
  const card = REPORT_CARDS[report.key];
  const Icon = card.icon;
  return (
    <Card withBorder radius="md" padding="lg" component={Link} to={report.path}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
            <Icon size={20} />
          </ThemeIcon>
          <Title order={2} fz="lg">
            {card.term ? terms[card.term] : card.title}
          </Title>
        </Group>
        <IconArrowRight size={18} aria-hidden />
      </Group>
      <Text fz={30} fw={700} lh={1.3} mt="md" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatNumber(report.count)}
      </Text>
      <Text size="sm" c="dimmed">
        {report.count_label}
      </Text>
      {report.amounts.map((a) => (
        <Text key={a.currency} size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatAmount(a.amount, a.currency)}
          {card.amountLabel && (
            <Text span size="sm" c="dimmed" fw={400}>
              {' '}
              {card.amountLabel}
            </Text>
          )}
        </Text>
      ))}
      <Text size="sm" mt="sm">
        {card.description}
      </Text>
    </Card>
  );
}

/** The reports landing (spec §2.2 Reports): a card per report the role may open. */
export function ReportsPage() {
  const { terms } = useBranding();
  usePageTitle(terms.reports);
  const reports = useAvailableReports();
  return (
    <Stack gap="lg">
      <Title order={1} fz={26}>
        {terms.reports}
      </Title>
      {reports.isError && <Alert color="red">The reports could not be loaded.</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {reports.data
          ? reports.data.map((report) => <ReportCard key={report.key} report={report} />)
          : !reports.isError && [0, 1, 2, 3].map((i) => <Skeleton key={i} h={180} radius="md" />)}
      </SimpleGrid>
    </Stack>
  );
}

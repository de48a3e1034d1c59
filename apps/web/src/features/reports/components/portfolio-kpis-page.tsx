import { useMemo, useState } from 'react';
import { Alert, Badge, Card, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTerm } from '../../../app/settings';
import { DataTable, type Column } from '../../../ui/data-table';
import { usePageTitle } from '../../../ui/page-title';
import { gainColour } from '../../portfolio';
import { usePortfolioPerformance, type BookCompany, type BookTotal } from '../api/portfolio-performance';
import { formatAmount, formatDate, formatMultiple, formatNumber, formatPrice, formatRate } from '../../../app/format';
import { DateField } from '../../../ui/date-field';

const PER_PAGE = 50;
const SOURCE_LABELS: Record<string, string> = {
  'share-price': 'Share price',
  valuation: 'Valuation',
  exit: 'Exit',
  'partial-realisation': 'Partial realisation',
  'write-off': 'Write-off',
};
const figure = { style: { fontVariantNumeric: 'tabular-nums' } } as const;

/** Sorts held in the page: the report is one answer for the whole book, so its table sorts and pages here. */
const SORTS: Record<string, (a: BookCompany, b: BookCompany) => number> = {
  name: (a, b) => a.name.localeCompare(b.name),
  cost: (a, b) => Number(a.cost) - Number(b.cost),
  current_value: (a, b) => Number(a.current_value) - Number(b.current_value),
  realised: (a, b) => Number(a.realised) - Number(b.realised),
  gain: (a, b) => Number(a.gain) - Number(b.gain),
  moic: (a, b) => Number(a.moic ?? -1) - Number(b.moic ?? -1),
};

function Totals({ total }: { total: BookTotal }) {
  const cards = [
    { label: 'Invested', value: formatAmount(total.cost, total.currency) },
    { label: 'Current value', value: formatAmount(total.current_value, total.currency) },
    { label: 'Realised', value: formatAmount(total.realised, total.currency) },
    { label: 'Gain', value: formatAmount(total.gain, total.currency), colour: gainColour(total.gain) },
    { label: 'MOIC', value: formatMultiple(total.moic) },
    { label: 'IRR', value: formatRate(total.irr) },
  ];
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed">
        {total.currency}: {formatNumber(total.companies)} companies, {formatNumber(total.holdings)} holdings
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        {cards.map((c) => (
          <Card key={c.label} withBorder radius="md" padding="lg">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {c.label}
            </Text>
            <Text fz={22} fw={700} c={c.colour} {...figure}>
              {c.value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** /admin/reports/kpi-portfolio: the whole book's cost, value, realised proceeds, gain, MOIC and IRR per currency, and each existing investment's figures. */
export function PortfolioKpisPage() {
  const title = useTerm('kpiPortfolio');
  usePageTitle(title);
  const search = useSearch({ strict: false }) as { as_of?: string };
  const navigate = useNavigate();
  const report = usePortfolioPerformance(search.as_of);
  const [sort, setSort] = useState('name');
  const [page, setPage] = useState(1);
  const companies = useMemo(() => {
    const rows = [...(report.data?.companies ?? [])];
    const compare = SORTS[sort.replace(/^-/, '')] ?? SORTS.name;
    rows.sort((a, b) => (sort.startsWith('-') ? -compare(a, b) : compare(a, b)));
    return rows;
  }, [report.data, sort]);
  const lastPage = Math.max(1, Math.ceil(companies.length / PER_PAGE));

  const columns: Column<BookCompany>[] = [
    {
      key: 'name',
      label: 'Investment',
      sort: 'name',
      render: (c) => (
        <div>
          <Text fw={600} size="sm">
            {c.name}
          </Text>
          <Text size="xs" c="dimmed">
            {c.company_name}
          </Text>
        </div>
      ),
    },
    {
      key: 'holdings',
      label: 'Holders',
      render: (c) => (
        <Text size="sm" {...figure}>
          {formatNumber(c.holdings)}
        </Text>
      ),
    },
    {
      key: 'cost',
      label: 'Invested',
      sort: 'cost',
      render: (c) => (
        <Text size="sm" {...figure}>
          {formatAmount(c.cost, c.currency)}
        </Text>
      ),
    },
    {
      key: 'current_value',
      label: 'Current value',
      sort: 'current_value',
      render: (c) => (
        <Text size="sm" fw={600} {...figure}>
          {formatAmount(c.current_value, c.currency)}
        </Text>
      ),
    },
    {
      key: 'realised',
      label: 'Realised',
      sort: 'realised',
      render: (c) => (
        <Text size="sm" {...figure}>
          {formatAmount(c.realised, c.currency)}
        </Text>
      ),
    },
    {
      key: 'gain',
      label: 'Gain',
      sort: 'gain',
      render: (c) => (
        <Text size="sm" c={gainColour(c.gain)} {...figure}>
          {formatAmount(c.gain, c.currency)}
        </Text>
      ),
    },
    {
      key: 'moic',
      label: 'MOIC',
      sort: 'moic',
      render: (c) => (
        <Text size="sm" {...figure}>
          {formatMultiple(c.moic)}
        </Text>
      ),
    },
    {
      key: 'price',
      label: 'Valued by',
      render: (c) =>
        c.price ? (
          <div>
            <Badge variant="light" color={c.price.source === 'write-off' ? 'red' : undefined}>
              {SOURCE_LABELS[c.price.source] ?? c.price.source}
            </Badge>
            <Text size="xs" c="dimmed">
              {formatDate(c.price.date)}
              {c.price.source === 'write-off' ? '' : `, ${formatPrice(c.price.price_per_share, c.currency)} a share`}
            </Text>
          </div>
        ) : (
          <Text size="xs" c="dimmed">
            Price each holder paid
          </Text>
        ),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Group gap="sm">
          <ThemeIcon variant="light" size={40} radius="md">
            <IconChartLine size={22} aria-hidden />
          </ThemeIcon>
          <Title order={1} fz={26}>
            {title}
          </Title>
        </Group>
        <DateField
          label="As of"
          value={search.as_of ?? report.data?.as_of ?? ''}
          onChange={(day) => {
            setPage(1);
            void navigate({
              to: '/admin/reports/kpi-portfolio',
              search: day ? { as_of: day } : {},
              replace: true,
            });
          }}
        />
      </Group>
      {report.isError && (
        <Alert color="red" title="The figures could not be loaded">
          {report.error.message}
        </Alert>
      )}
      {report.isLoading ? (
        <Card withBorder radius="md" p="lg" aria-busy>
          <Group gap="sm">
            <Loader size="sm" aria-hidden />
            <Text size="sm" c="dimmed" role="status">
              Calculating the figures of every existing investment; a large book takes a few seconds.
            </Text>
          </Group>
        </Card>
      ) : (
        (report.data?.totals ?? []).map((t) => <Totals key={t.currency} total={t} />)
      )}
      <DataTable
        caption="Existing investments"
        columns={columns}
        rows={companies.slice((page - 1) * PER_PAGE, page * PER_PAGE)}
        rowKey={(c) => c.opportunity_id}
        loading={report.isFetching}
        sort={sort}
        onSort={(next) => {
          setSort(next);
          setPage(1);
        }}
        page={page}
        lastPage={lastPage}
        total={companies.length}
        onPage={setPage}
        rowHref={(c) => `/admin/investments/existing/${c.opportunity_id}/performance`}
        empty={<Text c="dimmed">No existing investments are held yet. Completed investments appear here with their value.</Text>}
      />
    </Stack>
  );
}

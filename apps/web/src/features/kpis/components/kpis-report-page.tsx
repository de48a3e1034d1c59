import { useState } from 'react';
import { Button, Group, MultiSelect, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconChartLine, IconUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { can, KPI_FREQUENCIES, KPI_FREQUENCY_LABELS, type KpiFrequency } from '@platform/domain';
import { useCurrentUser } from '../../../app/session';
import { useTerm } from '../../../app/settings';
import { type ListSearch, useListPage } from '../../../app/use-list-page';
import { type Column, DataTable } from '../../../ui/data-table';
import { EmptyState } from '../../../ui/empty-state';
import { ExportButtons } from '../../../ui/export-buttons';
import { ListPage, SearchFilter, SelectFilter } from '../../../ui/list-filters';
import { usePageTitle } from '../../../ui/page-title';
import { formatKpiValue, type KpiGridRow, useAllKpis, useKpiCategories, useKpiCompanies, useKpiGrid, useKpiValues } from '../api/kpis';
import { KpiChart } from './kpi-chart';
import { KpiReportTabs } from './kpi-report-tabs';

export interface KpiReportSearch extends ListSearch {
  category?: string;
  kpi?: string;
  frequency?: KpiFrequency;
}

/** The periods shown as columns: the latest ones on the page (the export has them all). */
const PERIOD_COLUMNS = 8;

function gridColumns(rows: KpiGridRow[]): Column<KpiGridRow>[] {
  const periods = [...new Set(rows.flatMap((r) => r.values.map((v) => v.period)))].sort().slice(-PERIOD_COLUMNS);
  return [
    {
      key: 'company',
      label: 'Company',
      sort: 'company',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {r.opportunity.name}
          </Text>
          <Text size="xs" c="dimmed">
            {r.opportunity.company_name}
          </Text>
        </Stack>
      ),
    },
    { key: 'kpi', label: 'KPI', sort: 'kpi', render: (r) => r.kpi.name },
    ...periods.map((period) => ({
      key: period,
      label: period,
      align: 'right' as const,
      render: (r: KpiGridRow) => (
        <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {formatKpiValue(r.values.find((v) => v.period === period)?.value, r.kpi.unit, r.opportunity.currency)}
        </Text>
      ),
    })),
  ];
}

/** One KPI over time for the companies chosen (by default the first three that report it). */
function KpiChartPanel({ initialKpi }: { initialKpi?: string }) {
  const kpis = useAllKpis();
  const companies = useKpiCompanies();
  const [kpiId, setKpiId] = useState<string | null>(initialKpi ?? null);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const kpi = kpis.data?.find((k) => String(k.id) === (kpiId ?? String(kpis.data?.[0]?.id)));
  const values = useKpiValues({ kpi_id: kpi ? String(kpi.id) : undefined }, Boolean(kpi));
  const reporting = [...new Set((values.data ?? []).map((v) => v.opportunity_id))];
  const selected = chosen ?? reporting.slice(0, 3).map(String);
  const nameOf = (id: number) => companies.data?.find((c) => c.id === id);
  const series = selected
    .map(Number)
    .filter((id) => reporting.includes(id))
    .map((id) => ({ name: nameOf(id)?.name ?? `#${id}`, values: (values.data ?? []).filter((v) => v.opportunity_id === id) }));
  const currencies = new Set(selected.map((id) => nameOf(Number(id))?.currency));
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          KPI over time
        </Title>
        <Group gap="sm" align="flex-end">
          <Select
            label="KPI"
            data={(kpis.data ?? []).map((k) => ({ value: String(k.id), label: k.name }))}
            value={kpi ? String(kpi.id) : null}
            onChange={(value) => {
              setKpiId(value);
              setChosen(null);
            }}
            w={240}
            allowDeselect={false}
          />
          <MultiSelect
            label="Companies"
            placeholder={selected.length ? undefined : 'Choose companies'}
            data={reporting.map((id) => ({ value: String(id), label: nameOf(id)?.name ?? `#${id}` }))}
            value={selected}
            onChange={setChosen}
            searchable
            w={{ base: '100%', sm: 480 }}
          />
        </Group>
        {kpi && series.length > 0 ? (
          <>
            <KpiChart
              title={`${kpi.name} over time`}
              unit={kpi.unit}
              currency={currencies.size === 1 ? ([...currencies][0] ?? null) : null}
              series={series}
            />
            {kpi.unit === 'currency' && currencies.size > 1 && (
              <Text size="xs" c="dimmed">
                These companies report in different currencies: the lines are in each company's own.
              </Text>
            )}
          </>
        ) : (
          <EmptyState icon={IconChartLine} title="Nothing to chart yet">
            Choose a KPI and the companies to compare once values are recorded.
          </EmptyState>
        )}
      </Stack>
    </Paper>
  );
}

/** /admin/reports/kpis: KPI values across the portfolio — companies × periods — with a chart and exports. */
export function KpisReportPage() {
  const title = useTerm('kpis');
  usePageTitle(title);
  const categories = useKpiCategories();
  const kpis = useAllKpis();
  const listPage = useListPage<KpiReportSearch>({
    path: '/admin/reports/kpis',
    defaultSort: 'company',
    filters: (search, text) => ({ search: text, category_id: search.category, kpi_id: search.kpi, frequency: search.frequency }),
  });
  const { search, update } = listPage;
  const grid = useKpiGrid(listPage.params);
  const filtered = Boolean(search.search || search.category || search.kpi || search.frequency);
  const mayImport = can(useCurrentUser()?.role_id, 'kpis', 'create');
  return (
    <ListPage
      title={title}
      actions={
        mayImport && (
          <Button component={Link} to="/admin/reports/kpis/import" variant="default" leftSection={<IconUpload size={16} aria-hidden />}>
            Import values
          </Button>
        )
      }
      tabs={<KpiReportTabs active="grid" />}
      filters={
        <>
          <SearchFilter placeholder="Company" {...listPage.searchBox} w={200} />
          <SelectFilter
            label="Category"
            placeholder="Every category"
            data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={search.category}
            onChange={(category) => update({ category })}
          />
          <SelectFilter
            label="KPI"
            placeholder="Every KPI"
            searchable
            data={(kpis.data ?? [])
              .filter((k) => !search.category || String(k.category.id) === search.category)
              .map((k) => ({ value: String(k.id), label: k.name }))}
            value={search.kpi}
            onChange={(kpi) => update({ kpi })}
          />
          <SelectFilter
            label="Frequency"
            placeholder="Any"
            data={KPI_FREQUENCIES.map((f) => ({ value: f, label: KPI_FREQUENCY_LABELS[f] }))}
            value={search.frequency}
            onChange={(frequency) => update({ frequency: frequency as KpiFrequency | undefined })}
            w={150}
          />
        </>
      }
      exports={<ExportButtons resource="reports/kpis" list={listPage.exportList} />}
    >
      <DataTable
        caption={`${title}, page ${listPage.page}`}
        columns={gridColumns(grid.data?.data ?? [])}
        rowKey={(r) => r.key}
        empty={
          <EmptyState icon={IconChartLine} title={filtered ? 'No KPI values match' : 'No KPI values yet'}>
            {filtered
              ? 'Try another company, category or KPI.'
              : "Enter values on an existing investment's KPIs tab, or import a spreadsheet of them."}
          </EmptyState>
        }
        {...listPage.table(grid)}
      />
      <KpiChartPanel key={search.kpi ?? 'first'} initialKpi={search.kpi} />
    </ListPage>
  );
}

import { LineChart } from '@mantine/charts';
import type { KpiUnit } from '@platform/domain';
import { formatChartAmount, formatKpiPeriod, formatMoneyAxis, formatNumber, formatNumberAxis, formatPercent } from '../../../app/format';

const COLOURS = ['brand.6', 'orange.6', 'teal.6', 'grape.6', 'red.6', 'cyan.7', 'lime.7', 'pink.6'];

export interface KpiSeries {
  name: string;
  values: Array<{ period: string; value: string }>;
}

/**
 * How a KPI's figures read on the axis and in the tooltip: money with its symbol (compact on the
 * axis, as a table shows it in the tooltip), percentages with '%', counts grouped. `currency` is
 * null when the lines are in different currencies: the axis then shows the bare figures.
 */
function kpiFormats(unit: KpiUnit, currency: string | null): { axis: (v: number) => string; value: (v: number) => string } {
  if (unit === 'percentage') return { axis: (v) => formatPercent(v), value: (v) => formatPercent(v) };
  if (unit === 'currency' && currency) return { axis: (v) => formatMoneyAxis(v, currency), value: (v) => formatChartAmount(v, currency) };
  return { axis: formatNumberAxis, value: formatNumber };
}

/** One KPI over time, a line per company (or a single line); the periods run along the bottom in order. */
export function KpiChart({
  title,
  unit,
  currency,
  series,
  h = 260,
}: {
  title: string;
  unit: KpiUnit;
  currency: string | null;
  series: KpiSeries[];
  h?: number;
}) {
  const periods = [...new Set(series.flatMap((s) => s.values.map((v) => v.period)))].sort();
  const data = periods.map((period) => ({
    period: formatKpiPeriod(period),
    ...Object.fromEntries(series.map((s) => [s.name, Number(s.values.find((v) => v.period === period)?.value ?? Number.NaN)])),
  }));
  const formats = kpiFormats(unit, currency);
  return (
    <LineChart
      h={h}
      data={data}
      dataKey="period"
      series={series.map((s, i) => ({ name: s.name, color: COLOURS[i % COLOURS.length] }))}
      withLegend={series.length > 1}
      curveType="linear"
      connectNulls
      yAxisProps={{ width: 70, tickFormatter: formats.axis }}
      valueFormatter={formats.value}
      role="img"
      aria-label={title}
    />
  );
}

import { LineChart } from '@mantine/charts';
import type { KpiUnit } from '@platform/domain';
import { formatNumber } from '../../../app/format';

const COLOURS = ['brand.6', 'orange.6', 'teal.6', 'grape.6', 'red.6', 'cyan.7', 'lime.7', 'pink.6'];

export interface KpiSeries {
  name: string;
  values: Array<{ period: string; value: string }>;
}

/** One KPI over time, a line per company (or a single line); the periods run along the bottom in order. */
export function KpiChart({ title, unit, series, h = 260 }: { title: string; unit: KpiUnit; series: KpiSeries[]; h?: number }) {
  const periods = [...new Set(series.flatMap((s) => s.values.map((v) => v.period)))].sort();
  const data = periods.map((period) => ({
    period,
    ...Object.fromEntries(series.map((s) => [s.name, Number(s.values.find((v) => v.period === period)?.value ?? Number.NaN)])),
  }));
  return (
    <LineChart
      h={h}
      data={data}
      dataKey="period"
      series={series.map((s, i) => ({ name: s.name, color: COLOURS[i % COLOURS.length] }))}
      withLegend={series.length > 1}
      curveType="linear"
      connectNulls
      yAxisProps={{ width: 80 }}
      valueFormatter={(v) => (unit === 'percentage' ? `${formatNumber(v)}%` : formatNumber(v))}
      role="img"
      aria-label={title}
    />
  );
}

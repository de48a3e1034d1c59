/**
 * KPI periods (decision 0026). A KPI is reported monthly, quarterly or annually; a period is named
 * by a key people read — '2026-03', '2026-Q1', '2026' — and stored as its first day, so periods
 * sort and filter as dates.
 */
export const KPI_FREQUENCIES = ['monthly', 'quarterly', 'annual'] as const;
export type KpiFrequency = (typeof KPI_FREQUENCIES)[number];
export const KPI_FREQUENCY_LABELS: Record<KpiFrequency, string> = { monthly: 'Monthly', quarterly: 'Quarterly', annual: 'Annual' };

export const KPI_UNITS = ['currency', 'number', 'percentage'] as const;
export type KpiUnit = (typeof KPI_UNITS)[number];
export const KPI_UNIT_LABELS: Record<KpiUnit, string> = { currency: 'Currency', number: 'Number', percentage: 'Percentage' };

/** How each frequency's period is written, for a form's hint and its error message. */
export const KPI_PERIOD_EXAMPLES: Record<KpiFrequency, string> = { monthly: '2026-03', quarterly: '2026-Q1', annual: '2026' };

const PATTERNS: Record<KpiFrequency, RegExp> = {
  monthly: /^(\d{4})-(0[1-9]|1[0-2])$/,
  quarterly: /^(\d{4})-Q([1-4])$/,
  annual: /^(\d{4})$/,
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The first day (YYYY-MM-DD) of the period a key names, or null when the key is not one of this frequency. */
export function kpiPeriodStart(frequency: KpiFrequency, key: string): string | null {
  const match = PATTERNS[frequency].exec(key.trim().toUpperCase());
  if (!match) return null;
  const year = Number(match[1]);
  if (year < 1900 || year > 2999) return null;
  if (frequency === 'annual') return `${year}-01-01`;
  const month = frequency === 'monthly' ? Number(match[2]) : (Number(match[2]) - 1) * 3 + 1;
  return `${year}-${pad(month)}-01`;
}

/** The key of the period starting on `start` (YYYY-MM-DD). */
export function kpiPeriodKey(frequency: KpiFrequency, start: string): string {
  const year = start.slice(0, 4);
  const month = Number(start.slice(5, 7));
  if (frequency === 'annual') return year;
  if (frequency === 'monthly') return `${year}-${pad(month)}`;
  return `${year}-Q${Math.floor((month - 1) / 3) + 1}`;
}

/** The period of a frequency that holds a day (YYYY-MM-DD): its key. */
export function kpiPeriodOf(frequency: KpiFrequency, day: string): string {
  const month = Number(day.slice(5, 7));
  const first = frequency === 'annual' ? 1 : frequency === 'quarterly' ? Math.floor((month - 1) / 3) * 3 + 1 : month;
  return kpiPeriodKey(frequency, `${day.slice(0, 4)}-${pad(first)}-01`);
}

/** The frequency whose periods a key names ('2026-03' monthly, '2026-Q1' quarterly, '2026' annual), or null. */
export function kpiFrequencyOfKey(key: string): KpiFrequency | null {
  return KPI_FREQUENCIES.find((frequency) => kpiPeriodStart(frequency, key) !== null) ?? null;
}

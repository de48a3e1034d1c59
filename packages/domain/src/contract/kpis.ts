import { z } from 'zod';
import { KPI_FREQUENCIES, KPI_UNITS } from '../kpi-periods';
import { namedRef, type ListSpec } from './common';
import { clearable, idInput, requiredText, textInput } from './fields';

/**
 * KPIs (spec §2.2 settings kpi-category and kpis, /admin/reports/kpis; decision 0026): definitions
 * in categories, and values per existing investment and period, entered by staff and charted for
 * investors when the KPI is investor-visible.
 */

const yesNo = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])], { message: 'Choose yes or no.' })
  .transform((v) => v === true || v === '1' || v === 'true');

// ——— Categories ———

export const kpiCategorySchema = z.object({ id: z.number().int(), name: z.string(), kpi_count: z.number().int() });
export type KpiCategory = z.infer<typeof kpiCategorySchema>;
export const kpiCategoryBody = z.strictObject({ name: requiredText(100, 'Enter the category name.') });

// ——— Definitions ———

export const kpiSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  category: namedRef,
  unit: z.enum(KPI_UNITS),
  frequency: z.enum(KPI_FREQUENCIES),
  investor_visible: z.boolean(),
  created_at: z.string(),
});
export type Kpi = z.infer<typeof kpiSchema>;

export const KPIS_LIST = {
  name: 'kpis',
  filters: ['search', 'category_id', 'frequency', 'investor_visible'],
  sorts: ['name', 'created_at'],
} as const satisfies ListSpec;

const kpiFields = {
  name: requiredText(120, 'Enter the KPI name.'),
  category_id: idInput('category'),
  unit: z.enum(KPI_UNITS, { message: 'Choose currency, number or percentage.' }),
  frequency: z.enum(KPI_FREQUENCIES, { message: 'Choose monthly, quarterly or annual.' }),
  investor_visible: yesNo,
};
export const createKpiBody = z.strictObject(kpiFields);
export type CreateKpiInput = z.input<typeof createKpiBody>;
export const updateKpiBody = z.strictObject(kpiFields).partial();

// ——— Values ———

/** A KPI value: exact, signed (a loss, a fall), up to 18 digits and 6 decimal places; never rounded. */
function kpiDecimal(blankAllowed: boolean) {
  return z.union([z.string(), z.number()]).transform((value, ctx) => {
    const text = (typeof value === 'number' ? String(value) : value).trim().replace(/,/g, '');
    if (blankAllowed && text === '') return '';
    if (!/^-?\d{1,18}(\.\d{1,6})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'Enter a number such as 1250.5 or -20 (no more than 6 decimal places).' });
      return z.NEVER;
    }
    return text;
  });
}
export const kpiValueInput = kpiDecimal(false);
/** A KPI value or an empty string: a KPI left blank on a form that asks for several. */
export const kpiValueOrBlank = kpiDecimal(true);

export const kpiValueSchema = z.object({
  id: z.number().int(),
  kpi_id: z.number().int(),
  opportunity_id: z.number().int(),
  /** '2026-Q1', '2026-03' or '2026', by the KPI's frequency. */
  period: z.string(),
  period_start: z.string(),
  value: z.string(),
  note: z.string().nullable(),
  updated_at: z.string(),
});
export type KpiValue = z.infer<typeof kpiValueSchema>;

/** Comma-separated ids. */
const idList = z
  .string()
  .regex(/^\d{1,9}(,\d{1,9})*$/, 'Must be whole numbers separated by commas.')
  .transform((v) => v.split(',').map(Number));

/** The values of some companies or of one KPI: at least one of the two filters. */
export const kpiValuesQuery = z.strictObject({
  'filter[opportunity_id]': idList.optional().meta({ description: 'Comma-separated existing investments.' }),
  'filter[kpi_id]': idList.optional().meta({ description: 'Comma-separated KPIs.' }),
});

export const createKpiValueBody = z.strictObject({
  kpi_id: idInput('KPI'),
  opportunity_id: idInput('company'),
  period: requiredText(10, 'Enter the period.'),
  value: kpiValueInput,
  note: clearable(textInput(500)).optional(),
});
export type CreateKpiValueInput = z.input<typeof createKpiValueBody>;
export const updateKpiValueBody = z.strictObject({ value: kpiValueInput, note: clearable(textInput(500)).optional() });

// ——— The portfolio grid (/admin/reports/kpis) ———

export const KPI_GRID_LIST = {
  name: 'kpi-grid',
  filters: ['category_id', 'kpi_id', 'opportunity_id', 'frequency', 'search'],
  sorts: ['company', 'kpi'],
} as const satisfies ListSpec;

/** One company's values of one KPI, period by period. */
export const kpiGridRowSchema = z.object({
  key: z.string(),
  opportunity: z.object({ id: z.number().int(), name: z.string(), company_name: z.string(), currency: z.string() }),
  kpi: z.object({ id: z.number().int(), name: z.string(), unit: z.enum(KPI_UNITS), frequency: z.enum(KPI_FREQUENCIES) }),
  values: z.array(z.object({ period: z.string(), period_start: z.string(), value: z.string() })),
});
export type KpiGridRow = z.infer<typeof kpiGridRowSchema>;

/** Companies that may carry KPI values: existing investments (statuses 5–6). */
export const kpiCompanySchema = z.object({ id: z.number().int(), name: z.string(), company_name: z.string(), currency: z.string() });
export type KpiCompany = z.infer<typeof kpiCompanySchema>;

// ——— The investor's holding (/investor/portfolio/{id}/reports/kpis) ———

export const holdingKpisSchema = z.object({
  opportunity_id: z.number().int(),
  name: z.string(),
  currency: z.string(),
  kpis: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      category: z.string(),
      unit: z.enum(KPI_UNITS),
      frequency: z.enum(KPI_FREQUENCIES),
      values: z.array(z.object({ period: z.string(), period_start: z.string(), value: z.string() })),
    }),
  ),
});
export type HoldingKpis = z.infer<typeof holdingKpisSchema>;

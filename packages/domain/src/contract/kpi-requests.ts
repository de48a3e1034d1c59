import { z } from 'zod';
import { KPI_FREQUENCIES, KPI_UNITS } from '../kpi-periods';
import { namedRef, type ListSpec } from './common';
import { clearable, idInput, requiredText, textInput } from './fields';
import { kpiValueOrBlank } from './kpis';
import { KPI_REQUEST_STATUSES } from '../kpi-requests';

/**
 * KPI requests (decision 0026): staff ask a company's contact for one period's KPIs; the founder
 * answers through a signed, expiring, single-use link without an account; staff accept or reject
 * what was submitted, and only accepted values reach the KPI grid and the investors' charts.
 */

/** How long a request's link stays open, and when reminders go out while it is unanswered. */
export const KPI_REQUEST_LIFETIME_DAYS = 14;
export const KPI_REQUEST_REMINDER_DAYS = [3, 7] as const;
/** The last reminder goes this many days before the link expires. */
export const KPI_REQUEST_LAST_REMINDER_DAYS_BEFORE_EXPIRY = 1;

const requestedKpi = z.object({ id: z.number().int(), name: z.string(), unit: z.enum(KPI_UNITS) });

export const kpiRequestSchema = z.object({
  id: z.number().int(),
  opportunity: z.object({ id: z.number().int(), name: z.string(), company_name: z.string(), currency: z.string() }),
  /** '2026-Q1', '2026-03' or '2026'. */
  period: z.string(),
  frequency: z.enum(KPI_FREQUENCIES),
  contact_name: z.string(),
  contact_email: z.string(),
  message: z.string().nullable(),
  status: z.enum(KPI_REQUEST_STATUSES),
  sent_at: z.string(),
  expires_at: z.string(),
  reminders_sent: z.number().int(),
  submitted_at: z.string().nullable(),
  founder_comment: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  reviewed_by: namedRef.nullable(),
  rejection_reason: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_by: namedRef.nullable(),
  items: z.array(
    z.object({
      kpi: requestedKpi,
      /** What the founder sent (null: left blank, or not answered yet). */
      submitted_value: z.string().nullable(),
      /** What staff accepted into the KPI values. */
      accepted_value: z.string().nullable(),
      /** The value already recorded for this company, KPI and period, which accepting replaces. */
      current_value: z.string().nullable(),
    }),
  ),
});
export type KpiRequest = z.infer<typeof kpiRequestSchema>;

export const KPI_REQUESTS_LIST = {
  name: 'kpi-requests',
  filters: ['status', 'opportunity_id', 'search'],
  sorts: ['sent_at', 'expires_at', 'company'],
} as const satisfies ListSpec;

const contactEmail = z.string().trim().toLowerCase().max(254, 'Use at most 254 characters.').email('Enter a valid e-mail address.');

export const createKpiRequestBody = z.strictObject({
  opportunity_id: idInput('company'),
  period: requiredText(10, 'Enter the period, such as 2026-Q1.'),
  kpi_ids: z.array(idInput('KPI'), { message: 'Choose the KPIs to ask for.' }).min(1, 'Choose the KPIs to ask for.').max(50),
  contact_name: requiredText(200, "Enter the contact's name."),
  contact_email: z.string({ message: "Enter the contact's e-mail address." }).pipe(contactEmail),
  message: clearable(textInput(2000)).optional(),
});
export type CreateKpiRequestInput = z.input<typeof createKpiRequestBody>;

/** Values keyed by KPI id; an empty string leaves that KPI out. */
const valuesByKpi = z.record(z.string().regex(/^\d{1,9}$/, 'Must be a KPI id.'), kpiValueOrBlank);

const someValue = (values: Record<string, string>) => Object.values(values).some((v) => v !== '');

/** The founder's answer: a value for each KPI they report, and a comment. */
export const submitKpiRequestBody = z
  .strictObject({ values: valuesByKpi, comment: clearable(textInput(2000)).optional() })
  .refine((body) => someValue(body.values), { message: 'Enter at least one value.', path: ['values'] });
export type SubmitKpiRequestInput = z.input<typeof submitKpiRequestBody>;

/** Staff accept what was submitted, or their corrections of it (edit then accept). */
export const acceptKpiRequestBody = z
  .strictObject({ values: valuesByKpi.optional() })
  .refine((body) => !body.values || someValue(body.values), { message: 'Keep at least one value.', path: ['values'] });
export type AcceptKpiRequestInput = z.input<typeof acceptKpiRequestBody>;

export const rejectKpiRequestBody = z.strictObject({ reason: requiredText(1000, 'Say why, so the company can correct it.') });

/** The link's token: 43 URL-safe characters; anything else names no request. */
export const kpiRequestTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a request link.') });

/** What the founder's page shows: the form while the link is open, otherwise why it is not. */
export const kpiRequestFormSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('open'),
    company_name: z.string(),
    period: z.string(),
    currency: z.string(),
    contact_name: z.string(),
    message: z.string().nullable(),
    expires_at: z.string(),
    kpis: z.array(requestedKpi.extend({ category: z.string() })),
  }),
  z.object({ state: z.literal('answered'), company_name: z.string(), period: z.string(), submitted_at: z.string() }),
  z.object({ state: z.literal('expired'), company_name: z.string(), period: z.string(), expired_at: z.string() }),
  z.object({ state: z.literal('cancelled'), company_name: z.string(), period: z.string() }),
]);
export type KpiRequestForm = z.infer<typeof kpiRequestFormSchema>;

import { z } from 'zod';
import { namedRef } from './common';

/**
 * The work-in-progress report (spec §2.2 /admin/reports/wip; decision 0026): every live pipeline
 * deal and every opportunity not yet closed (Draft, Live - External, Live - Internal), grouped by
 * pipeline stage or by status.
 */
export const WIP_ITEM_KINDS = ['deal', 'opportunity'] as const;
export type WipItemKind = (typeof WIP_ITEM_KINDS)[number];

/** A filter naming one record: digits only, within PostgreSQL's integer range by length. */
const idFilter = z
  .string()
  .regex(/^\d{1,9}$/, 'Must be a positive whole number.')
  .transform(Number)
  .optional();

/** `filter[owner_id]`, `filter[pipeline_id]`; the export adds `format` (csv or xlsx). */
export const wipReportQuery = z.strictObject({
  'filter[owner_id]': idFilter.meta({
    description: 'Only the work of this member of staff (a deal’s owner; an opportunity’s source deal’s owner).',
  }),
  'filter[pipeline_id]': idFilter.meta({ description: 'Only the deals of this pipeline, and the opportunities promoted from them.' }),
});
export type WipReportQuery = z.input<typeof wipReportQuery>;
export const wipExportQuery = wipReportQuery.extend({
  format: z.enum(['csv', 'xlsx'], { message: "The parameter 'format' must be csv or xlsx." }).optional(),
});

export const wipItemSchema = z.object({
  kind: z.enum(WIP_ITEM_KINDS),
  id: z.number().int(),
  name: z.string(),
  company_name: z.string(),
  pipeline: namedRef.nullable(),
  /** A deal's amount sought, an opportunity's amount committed. */
  amount: z.string().nullable(),
  amount_kind: z.enum(['sought', 'committed']),
  currency: z.string(),
  owner: namedRef.nullable(),
  /** When it entered its current stage or status (from the activity log; its creation when none). */
  stage_entered_at: z.string(),
  days_in_stage: z.number().int(),
  next_task: z.object({ id: z.number().int(), title: z.string(), due_date: z.string().nullable() }).nullable(),
  last_activity_at: z.string().nullable(),
  admin_path: z.string(),
});
export type WipItem = z.infer<typeof wipItemSchema>;

export const wipGroupSchema = z.object({
  /** `stage-<id>` or `status-<id>`. */
  key: z.string(),
  kind: z.enum(['stage', 'status']),
  label: z.string(),
  pipeline: namedRef.nullable(),
  count: z.number().int(),
  /** The group's amounts, per currency. */
  totals: z.array(z.object({ currency: z.string(), amount: z.string() })),
  items: z.array(wipItemSchema),
});
export type WipGroup = z.infer<typeof wipGroupSchema>;

export const wipReportSchema = z.object({ as_of: z.string(), groups: z.array(wipGroupSchema) });
export type WipReport = z.infer<typeof wipReportSchema>;

import { z } from 'zod';
import { clearable, currencyInput, idInput, isoDateInput, requiredText, textInput, unitsInput } from './fields';
import { namedRef, type ListSpec } from './common';

/**
 * The insider register of MAR Art. 18 and personal-account dealing (docs/decisions/0025): projects
 * with inside information, the insiders entered on them, cleansing, the restricted list, PA deals
 * and the log of who viewed the register. Nothing here is ever edited: corrections, cessations and
 * decisions are new records.
 */

export const INSIDER_SOURCES = ['market_sounding', 'invitation', 'staff_access', 'manual', 'correction'] as const;
export type InsiderSource = (typeof INSIDER_SOURCES)[number];
export const INSIDER_SOURCE_LABELS: Record<InsiderSource, string> = {
  market_sounding: 'Market sounding accepted',
  invitation: 'Invitation accepted',
  staff_access: 'Opened the project',
  manual: 'Entered by staff',
  correction: 'Correction',
};

export const CLEANSING_REASONS = ['made_public', 'abandoned'] as const;
export const CLEANSING_REASON_LABELS: Record<(typeof CLEANSING_REASONS)[number], string> = {
  made_public: 'Information made public',
  abandoned: 'Project abandoned',
};

export const insiderProjectSchema = z.object({
  id: z.number().int(),
  opportunity_id: z.number().int().nullable(),
  deal_id: z.number().int().nullable(),
  name: z.string(),
  company_name: z.string(),
  description: z.string(),
  opened_by: namedRef.nullable(),
  opened_at: z.string(),
  /** People entered on it who have not ceased. */
  current_insiders: z.number().int(),
  cleansing: z
    .object({ reason: z.enum(CLEANSING_REASONS), note: z.string().nullable(), cleansed_by: namedRef.nullable(), cleansed_at: z.string() })
    .nullable(),
});
export type InsiderProject = z.infer<typeof insiderProjectSchema>;

/** One entry of the register, with the columns of the insider-list template (Regulation (EU) 2016/347, Annex I). */
export const insiderEntrySchema = z.object({
  id: z.number().int(),
  project: z.object({ id: z.number().int(), name: z.string(), company_name: z.string() }),
  user_id: z.number().int().nullable(),
  source: z.enum(INSIDER_SOURCES),
  /** The entry this one corrects, and the correction that replaced this one. */
  corrects_id: z.number().int().nullable(),
  corrected_by_id: z.number().int().nullable(),
  first_name: z.string(),
  surname: z.string(),
  birth_surname: z.string().nullable(),
  email: z.string().nullable(),
  professional_phone: z.string().nullable(),
  company_name: z.string().nullable(),
  company_address: z.string().nullable(),
  function: z.string().nullable(),
  reason: z.string(),
  disclosed_text: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  national_id: z.string().nullable(),
  personal_phone: z.string().nullable(),
  home_address: z.string().nullable(),
  obtained_at: z.string(),
  recorded_by: namedRef.nullable(),
  recorded_at: z.string(),
  ceased_at: z.string().nullable(),
  ceased_reason: z.string().nullable(),
});
export type InsiderEntry = z.infer<typeof insiderEntrySchema>;

export const INSIDER_ENTRIES_LIST = {
  name: 'insider_entries',
  filters: ['project_id', 'user_id', 'person', 'obtained_from', 'obtained_to', 'status'],
  sorts: ['obtained_at', 'recorded_at', 'surname'],
} as const satisfies ListSpec;

/** A date and time; without a zone it is read as UTC, as the register keeps it. */
export const utcDateTimeInput = z
  .string({ error: 'Enter the date and time (UTC).' })
  .trim()
  .refine(
    (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/.test(value),
    'Enter a date and time such as 2026-03-01T09:30.',
  )
  .transform((value) => (/(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`))
  .refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 1900 && year <= 2999;
  }, 'Enter a real date and time.')
  .transform((value) => new Date(value).toISOString());

/** What the template asks about a person; the reason says why they are an insider. */
const insiderPersonFields = {
  first_name: requiredText(120, 'Enter the first name.'),
  surname: requiredText(120, 'Enter the surname.'),
  birth_surname: clearable(textInput(120)).optional(),
  email: clearable(textInput(254)).optional(),
  professional_phone: clearable(textInput(60)).optional(),
  company_name: clearable(textInput(200)).optional(),
  company_address: clearable(textInput(500)).optional(),
  function: clearable(textInput(200)).optional(),
  reason: requiredText(2000, 'Say why this person is an insider.'),
  date_of_birth: clearable(isoDateInput).optional(),
  national_id: clearable(textInput(60)).optional(),
  personal_phone: clearable(textInput(60)).optional(),
  home_address: clearable(textInput(500)).optional(),
  obtained_at: utcDateTimeInput,
};

/** A person staff enter on a project by hand (an adviser, a lawyer, a staff member told in a meeting). */
export const createInsiderEntryBody = z.strictObject({
  project_id: idInput('project'),
  user_id: idInput('person').optional(),
  ...insiderPersonFields,
});

/** A correction restates the whole entry; the entry it corrects stays as it was. */
export const correctInsiderEntryBody = z.strictObject(insiderPersonFields);

/** Marks an opportunity or a deal as holding inside information. */
export const openInsiderProjectBody = z
  .strictObject({
    opportunity_id: idInput('opportunity').optional(),
    deal_id: idInput('deal').optional(),
    description: requiredText(5000, 'Describe the inside information.'),
  })
  .refine((body) => (body.opportunity_id === undefined) !== (body.deal_id === undefined), {
    message: 'Choose an opportunity or a deal.',
    path: ['opportunity_id'],
  });

export const cleanseInsiderProjectBody = z.strictObject({
  reason: z.enum(CLEANSING_REASONS, { message: 'Choose why the project is cleansed.' }),
  note: clearable(textInput(2000)).optional(),
});

/** A company on the restricted list: by hand (`id` of the entry) or while a project about it is open. */
export const restrictedCompanySchema = z.object({
  id: z.number().int().nullable(),
  company_name: z.string(),
  source: z.enum(['manual', 'project']),
  reason: z.string(),
  project_id: z.number().int().nullable(),
  since: z.string(),
  added_by: namedRef.nullable(),
});
export type RestrictedCompany = z.infer<typeof restrictedCompanySchema>;

export const addRestrictedCompanyBody = z.strictObject({
  company_name: requiredText(200, 'Enter the company name.'),
  reason: requiredText(2000, 'Say why the company is restricted.'),
});
export const removeRestrictedCompanyBody = z.strictObject({ reason: requiredText(2000, 'Say why the restriction ends.') });

export const PA_DEAL_STATUSES = ['requested', 'approved', 'refused', 'executed'] as const;
export type PaDealStatus = (typeof PA_DEAL_STATUSES)[number];
export const PA_DEAL_STATUS_LABELS: Record<PaDealStatus, string> = {
  requested: 'Awaiting pre-clearance',
  approved: 'Approved',
  refused: 'Refused',
  executed: 'Executed',
};
export const PA_DEAL_DIRECTIONS = ['buy', 'sell'] as const;

export const paDealStepSchema = z.object({
  id: z.number().int(),
  status: z.enum(PA_DEAL_STATUSES),
  actor: namedRef.nullable(),
  reason: z.string().nullable(),
  executed_quantity: z.string().nullable(),
  executed_price: z.string().nullable(),
  executed_on: z.string().nullable(),
  created_at: z.string(),
});

export const paDealSchema = z.object({
  id: z.number().int(),
  requester: namedRef,
  company_name: z.string(),
  direction: z.enum(PA_DEAL_DIRECTIONS),
  quantity: z.string(),
  expected_price: z.string(),
  currency: z.string(),
  reason: z.string(),
  requested_at: z.string(),
  status: z.enum(PA_DEAL_STATUSES),
  /** Every step, oldest first. */
  steps: z.array(paDealStepSchema),
});
export type PaDeal = z.infer<typeof paDealSchema>;

export const PA_DEALS_LIST = {
  name: 'pa_deals',
  filters: ['status', 'requester_id', 'search'],
  sorts: ['requested_at', 'company_name'],
} as const satisfies ListSpec;

const positiveUnits = (message: string) => unitsInput.refine((value) => Number(value) > 0, message);

export const createPaDealBody = z.strictObject({
  company_name: requiredText(200, 'Enter the company.'),
  direction: z.enum(PA_DEAL_DIRECTIONS, { message: 'Choose buy or sell.' }),
  quantity: positiveUnits('Enter a quantity above 0.'),
  expected_price: unitsInput,
  currency: currencyInput.optional(),
  reason: requiredText(2000, 'Say why you want to deal.'),
});

export const approvePaDealBody = z.strictObject({ reason: clearable(textInput(2000)).optional() });
export const refusePaDealBody = z.strictObject({ reason: requiredText(2000, 'Say why the request is refused.') });
export const executePaDealBody = z.strictObject({
  executed_quantity: positiveUnits('Enter the quantity dealt, above 0.'),
  executed_price: unitsInput,
  executed_on: isoDateInput,
});

export const INSIDER_REGISTER_VIEWS = ['list', 'export_csv', 'export_xlsx', 'pdf'] as const;
export const insiderRegisterViewSchema = z.object({
  id: z.number().int(),
  user: namedRef,
  view: z.enum(INSIDER_REGISTER_VIEWS),
  filters: z.record(z.string(), z.string()),
  project_id: z.number().int().nullable(),
  viewed_at: z.string(),
});
export type InsiderRegisterView = z.infer<typeof insiderRegisterViewSchema>;

export const INSIDER_REGISTER_VIEWS_LIST = {
  name: 'insider_register_views',
  filters: ['user_id', 'view'],
  sorts: ['viewed_at'],
} as const satisfies ListSpec;

import type { StaffOpportunity } from '../api/opportunities';

/** The form's fields in the route's names (createOpportunityBody in @platform/domain); empty text is sent as "not set". */
export const TEXT_FIELDS = [
  'name',
  'company_name',
  'type',
  'sub_type',
  'industry',
  'round_type',
  'category',
  'character',
  'currency',
  'tax_relief',
  'target_raise',
  'maximum_raise',
  'minimum_investment',
  'maximum_investment',
  'share_price',
  'pre_money_valuation',
  'opens_at',
  'closes_at',
  'cash_call_payment_days',
  'fees',
  'summary',
  'description',
  'bank_account_name',
  'bank_sort_code',
  'bank_account_number',
  'bank_iban',
  'bank_bic',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];
export type Values = Record<TextField, string> & {
  key_points: string[];
  team: StaffOpportunity['team'];
  key_dates: StaffOpportunity['key_dates'];
  market_sounding_required: boolean;
  /** Only when recording an investment the firm already holds. */
  completed_at: string;
};

export function initialValues(o?: StaffOpportunity): Values {
  const values = Object.fromEntries(TEXT_FIELDS.map((f) => [f, String(o?.[f] ?? '')])) as Record<TextField, string>;
  return {
    ...values,
    currency: values.currency || 'GBP',
    tax_relief: values.tax_relief || 'none',
    key_points: o?.key_points ?? [],
    team: o?.team ?? [],
    key_dates: o?.key_dates ?? [],
    market_sounding_required: o?.market_sounding_required ?? false,
    completed_at: '',
  };
}

/**
 * The form as FormData (spec §5): creating leaves empty fields out; editing sends an empty field as
 * '' so the server clears it (a JSON null would be dropped with the other empty values). A draft's
 * autosave asks with `draftOnly` that nothing be saved once the opportunity is no longer a Draft.
 */
export function payload(values: Values, editing: boolean, draftOnly = false): FormData {
  const body = new FormData();
  for (const field of TEXT_FIELDS) {
    const value = values[field].trim();
    if (value || editing) body.append(field, value);
  }
  body.append('key_points', JSON.stringify(values.key_points));
  body.append(
    'team',
    JSON.stringify(
      values.team.map(({ name, role, bio }) => ({ name: name.trim(), role: role.trim(), ...(bio?.trim() ? { bio: bio.trim() } : {}) })),
    ),
  );
  body.append('key_dates', JSON.stringify(values.key_dates));
  body.append('market_sounding_required', values.market_sounding_required ? '1' : '0');
  if (values.completed_at) body.append('completed_at', values.completed_at);
  if (draftOnly) body.append('draft_only', '1');
  if (editing) body.append('_method', 'PATCH');
  return body;
}

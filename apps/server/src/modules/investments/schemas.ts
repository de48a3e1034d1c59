import { z } from 'zod';
import { HOLDER_TYPES } from '@platform/domain';
import { clearable, idInput, isoDateInput, moneyInput, textInput } from '@platform/domain';

/** Input of the investment forms (DOMAIN.md lifecycle step 3; spec §2.3 /investor/investments/{slug}/invest). */

/** Spec §5: '1' means true, '0' false; JSON bodies may send a boolean. */
const truthy = z
  .union([z.boolean(), z.string(), z.number()])
  .transform(
    (value) =>
      value === true || value === 1 || (typeof value === 'string' && ['1', 'true', 'on', 'yes'].includes(value.trim().toLowerCase())),
  );

const holderFields = {
  holder_type: z.enum(HOLDER_TYPES, { message: `Choose how the investment is held: ${HOLDER_TYPES.join(', ')}.` }).default('personal'),
  organisation_id: clearable(idInput('organisation')).optional(),
  investment_method_entity_id: clearable(idInput('investment method account')).optional(),
  nominee_id: clearable(idInput('nominee')).optional(),
};

const HOLDER_ID_FIELD = {
  organisation: 'organisation_id',
  investment_method: 'investment_method_entity_id',
  nominee: 'nominee_id',
} as const;
const HOLDER_MESSAGE = {
  organisation: 'Choose the organisation.',
  investment_method: 'Choose the investment method account.',
  nominee: 'Choose the nominee.',
} as const;

/** The holder's id is required for its holder type; ids of other holder types are dropped. */
function holderOf<
  T extends {
    holder_type: (typeof HOLDER_TYPES)[number];
    organisation_id?: number | null;
    investment_method_entity_id?: number | null;
    nominee_id?: number | null;
  },
>(value: T, ctx: z.RefinementCtx) {
  const holder = {
    organisationId: null as number | null,
    investmentMethodEntityId: null as number | null,
    nomineeId: null as number | null,
  };
  if (value.holder_type === 'personal') return { ...value, holder };
  const field = HOLDER_ID_FIELD[value.holder_type];
  const id = value[field];
  if (id == null) {
    ctx.addIssue({ code: 'custom', path: [field], message: HOLDER_MESSAGE[value.holder_type] });
    return z.NEVER;
  }
  if (value.holder_type === 'organisation') holder.organisationId = id;
  if (value.holder_type === 'investment_method') holder.investmentMethodEntityId = id;
  if (value.holder_type === 'nominee') holder.nomineeId = id;
  return { ...value, holder };
}

export const reserveInvestmentSchema = z
  .strictObject({
    opportunity_id: idInput('opportunity'),
    amount: moneyInput,
    ...holderFields,
    accept_terms: truthy.optional(),
  })
  .transform(holderOf);

export const MANUAL_TYPES = ['manual', 'private_manual'] as const;
/** Live and closed opportunities take reserved or paid entries; an existing investment takes completed holdings. */
export const MANUAL_STATUSES = ['reserved', 'paid', 'completed'] as const;

export const manualInvestmentSchema = z
  .strictObject({
    opportunity_id: idInput('opportunity'),
    user_id: idInput('investor'),
    amount: moneyInput,
    type: z.enum(MANUAL_TYPES, { message: 'Choose manual or private_manual.' }).default('manual'),
    status: z.enum(MANUAL_STATUSES, { message: 'Choose reserved, paid or completed.' }).default('reserved'),
    /** When a completed holding was paid for: its date counts in the holding's IRR. */
    invested_on: isoDateInput.optional(),
    ...holderFields,
  })
  .transform(holderOf);

export const staffCancelSchema = z.strictObject({
  reason: textInput(1000).min(1, 'Give the reason for cancelling.'),
});

export const investorCancelSchema = z.strictObject({
  reason: clearable(textInput(1000)).optional(),
});

export type ReserveInvestmentInput = z.infer<typeof reserveInvestmentSchema>;
export type ManualInvestmentInput = z.infer<typeof manualInvestmentSchema>;
export type Holder = ReserveInvestmentInput['holder'];

import { z } from 'zod';
import { INVESTMENT_METHOD_TYPES } from '../holders';
import { namedRef, type ListSpec } from './common';
import { clearable, idInput, idParam, idParams, requiredText, textInput } from './fields';
import { myHeldInvestmentSchema } from './holders';
import { personRef } from './users';

/** An alternative investment method (a SIPP, an ISA, a nominee account…) with its number of live accounts. */
export const investmentMethodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  type_label: z.string(),
  provider: z.string().nullable(),
  description: z.string().nullable(),
  entities_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InvestmentMethod = z.infer<typeof investmentMethodSchema>;

export const INVESTMENT_METHODS_LIST = {
  name: 'investment_methods',
  filters: ['search', 'type'],
  sorts: ['name', 'type', 'created_at'],
  fields: ['name', 'type', 'provider', 'description', 'entities_count', 'created_at', 'updated_at'],
} as const satisfies ListSpec;

const methodFields = {
  name: requiredText(200, 'Enter the name of the investment method.'),
  type: z.enum(INVESTMENT_METHOD_TYPES, { message: `Choose one of ${INVESTMENT_METHOD_TYPES.join(', ')}.` }),
  provider: clearable(textInput(200)),
  description: clearable(textInput(5000)),
};

export const createInvestmentMethodBody = z.strictObject({ ...z.object(methodFields).partial().shape, name: methodFields.name });
export const updateInvestmentMethodBody = z.strictObject(methodFields).partial();

/** An account with a method: an investor's, or a lead's before they become one (exactly one of `user`, `contact`). */
export const methodAccountSchema = z.object({
  id: z.number().int(),
  investment_method_id: z.number().int(),
  holder_kind: z.enum(['investor', 'lead']),
  user_id: z.number().int().nullable(),
  user: personRef.nullable(),
  contact_id: z.number().int().nullable(),
  contact: namedRef.extend({ email: z.string().nullable() }).nullable(),
  reference: z.string().nullable(),
  created_at: z.string(),
});
export type MethodAccount = z.infer<typeof methodAccountSchema>;

/** A method's Accounts panel. */
export const METHOD_ACCOUNTS_LIST = {
  name: 'investment_method_entities',
  filters: ['user_id', 'contact_id', 'reference'],
  sorts: ['reference', 'created_at'],
} as const satisfies ListSpec;

/** `/api/investment-methods/:id/entities/:entityId`: an account of that method. */
export const methodAccountParams = idParams.extend({ entityId: idParam });

/** The account holder: an investor (user_id) or a lead (contact_id), exactly one. */
export const createMethodAccountBody = z
  .strictObject({
    user_id: idInput('investor', 'Choose an investor.').optional(),
    contact_id: idInput('lead').optional(),
    reference: clearable(textInput(100)).optional(),
  })
  .refine((v) => (v.user_id == null) !== (v.contact_id == null), { message: 'Choose an investor or a lead, not both.', path: ['user_id'] });
export const updateMethodAccountBody = z.strictObject({ reference: clearable(textInput(100)) });

/** The investor's own account with a method, as their portal shows it. */
export const myMethodAccountSchema = z.object({
  id: z.number().int(),
  reference: z.string().nullable(),
  method: investmentMethodSchema.pick({ id: true, name: true, type: true, type_label: true, provider: true }),
  created_at: z.string(),
});
export type MyMethodAccount = z.infer<typeof myMethodAccountSchema>;

/** One account of the investor, with what they invested through it. */
export const myMethodAccountDetailSchema = myMethodAccountSchema.extend({ investments: z.array(myHeldInvestmentSchema) });
export type MyMethodAccountDetail = z.infer<typeof myMethodAccountDetailSchema>;

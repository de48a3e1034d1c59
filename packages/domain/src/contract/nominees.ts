import { z } from 'zod';
import type { ListSpec } from './common';
import { clearable, requiredText, textInput } from './fields';
import { holderEmailInput } from './holders';

/** A nominee: a company that holds shares for investors (there only while `nominee_enabled` is on). */
export const nomineeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company_number: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Nominee = z.infer<typeof nomineeSchema>;

export const NOMINEES_LIST = {
  name: 'nominees',
  filters: ['search'],
  sorts: ['name', 'created_at'],
  fields: ['name', 'company_number', 'email', 'address', 'created_at', 'updated_at'],
} as const satisfies ListSpec;

const nomineeFields = {
  name: requiredText(200, 'Enter the nominee name.'),
  company_number: clearable(textInput(40)),
  email: clearable(holderEmailInput),
  address: clearable(textInput(500)),
};

export const createNomineeBody = z.strictObject({ ...z.object(nomineeFields).partial().shape, name: nomineeFields.name });
export const updateNomineeBody = z.strictObject(nomineeFields).partial();

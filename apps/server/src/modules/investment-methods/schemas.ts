import { z } from 'zod';
import { INVESTMENT_METHOD_TYPES } from '@platform/domain';
import { clearable, idInput, requiredText, textInput } from '@platform/domain';

/** Input of the investment method forms and of an investor's account with a method. */
const methodFields = {
  name: requiredText(200, 'Enter the name of the investment method.'),
  type: z.enum(INVESTMENT_METHOD_TYPES, { message: `Choose one of ${INVESTMENT_METHOD_TYPES.join(', ')}.` }),
  provider: clearable(textInput(200)),
  description: clearable(textInput(5000)),
};

export const createMethodSchema = z.strictObject({ ...z.object(methodFields).partial().shape, name: methodFields.name });
export const updateMethodSchema = z.strictObject(methodFields).partial();
export type MethodInput = z.infer<typeof createMethodSchema>;

/** The account holder: an investor (user_id) or a lead (contact_id), exactly one. */
export const createEntitySchema = z
  .strictObject({
    user_id: idInput('investor').optional(),
    contact_id: idInput('lead').optional(),
    reference: clearable(textInput(100)).optional(),
  })
  .refine((v) => (v.user_id == null) !== (v.contact_id == null), { message: 'Choose an investor or a lead, not both.', path: ['user_id'] });
export const updateEntitySchema = z.strictObject({ reference: clearable(textInput(100)) });

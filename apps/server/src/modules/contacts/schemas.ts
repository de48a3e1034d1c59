import { z } from 'zod';
import { CONTACT_STATUS_IDS, INVESTOR_INTEREST_OPTIONS } from '@platform/domain';
import { clearable, idInput, requiredText, textInput } from '@platform/domain';

/** Input of the contact (lead) forms and the lead status settings. */

export const emailInput = z.string().trim().toLowerCase().max(254, 'Use at most 254 characters.').email('Enter a valid e-mail address.');

const contactFields = {
  name: requiredText(200, 'Enter the name.'),
  email: clearable(emailInput),
  phone: clearable(textInput(40)),
  company: clearable(textInput(200)),
  source: clearable(textInput(200)),
  interest: clearable(z.enum(INVESTOR_INTEREST_OPTIONS, { message: `Choose one of: ${INVESTOR_INTEREST_OPTIONS.join(', ')}.` })),
  status: z.coerce
    .number({ message: 'Choose a status.' })
    .int('Choose a status.')
    .refine((v) => (CONTACT_STATUS_IDS as number[]).includes(v), 'Choose active, inactive or investment.'),
  lead_status_id: clearable(idInput('lead status')),
  owner_id: clearable(idInput('owner')),
};

export const createContactSchema = z.strictObject({ ...z.object(contactFields).partial().shape, name: contactFields.name });
export const updateContactSchema = z.strictObject(contactFields).partial();
export type ContactInput = z.infer<typeof updateContactSchema>;

export const convertContactSchema = z.strictObject({
  /** Send the new investor the e-mail that lets them choose a password. */
  send_invitation: z
    .preprocess(
      (v) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' || v === '' ? false : v),
      z.boolean({ message: 'Choose yes or no.' }),
    )
    .default(false),
});

export const leadStatusSchema = z.strictObject({
  name: requiredText(80, 'Name the lead status.'),
  /** 0-based place in the list; the end when absent. */
  position: z.coerce.number().int('Enter a whole number.').min(0, 'Enter 0 or more.').optional(),
});
export const updateLeadStatusSchema = leadStatusSchema.partial();

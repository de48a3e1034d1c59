import { z } from 'zod';
import { INVESTOR_CATEGORIES, KYC_STATUSES } from '@platform/domain';
import { clearable, idInput, isoDateInput, textInput } from '@platform/domain';

/** An investor's personal details, which they keep up to date themselves and staff may correct. */
const optionalText = (max: number) => clearable(textInput(max));
export const personalDetails = {
  phone: clearable(textInput(40).regex(/^\+?[0-9 ()-]{6,}$/, 'Enter a phone number such as +44 20 7946 0000.')),
  address_line1: optionalText(200),
  address_line2: optionalText(200),
  city: optionalText(100),
  postcode: optionalText(20),
  country: optionalText(100),
  date_of_birth: clearable(
    isoDateInput.refine((value) => value < new Date().toISOString().slice(0, 10), 'The date of birth must be in the past.'),
  ),
  nationality: optionalText(100),
};

export const personalChanges = (input: { [K in keyof typeof personalDetails]?: string | null }) => ({
  phone: input.phone,
  addressLine1: input.address_line1,
  addressLine2: input.address_line2,
  city: input.city,
  postcode: input.postcode,
  country: input.country,
  dateOfBirth: input.date_of_birth,
  nationality: input.nationality,
});

const name = z.string().trim().min(1, 'Enter a name.').max(255, 'Use at most 255 characters.');
const email = z.string().trim().toLowerCase().email('Enter a valid email address.').max(254);
const kycStatus = z.enum(KYC_STATUSES, { message: `Choose one of ${KYC_STATUSES.join(', ')}.` });
const category = z.enum(INVESTOR_CATEGORIES, { message: `Choose one of ${INVESTOR_CATEGORIES.join(', ')}.` });
/** Spec §5: '1' is true, '0' false. */
const flag = z.union([z.boolean(), z.enum(['1', '0', 'true', 'false'])]).transform((v) => v === true || v === '1' || v === 'true');

export const selfUpdateSchema = z
  .object({ name, accepted_terms_version: z.coerce.number().int().min(0), ...personalDetails })
  .partial()
  .strict();

/** Staff editing an investor. `attributes` is read separately (custom attribute values). */
export const staffUpdateSchema = z
  .object({ name, email, ...personalDetails, kyc_status: kycStatus, owner_id: clearable(idInput('member of staff')), category })
  .partial()
  .strict();

/** Staff creating an investor (new-investor). */
export const createInvestorSchema = z.strictObject({
  ...z
    .object({ ...personalDetails, kyc_status: kycStatus, owner_id: clearable(idInput('member of staff')), category, send_invitation: flag })
    .partial().shape,
  name,
  email,
});

export type StaffUpdateInput = z.infer<typeof staffUpdateSchema>;
export type CreateInvestorInput = z.infer<typeof createInvestorSchema>;

import { z } from 'zod';
import { ORGANISATION_ROLES, ORGANISATION_TYPES } from '@platform/domain';
import { clearable, idInput, requiredText, textInput } from '@platform/domain';

/** Input of the organisation forms, the links of people to an organisation, and applications. */

export const organisationType = z.enum(ORGANISATION_TYPES, { message: `Choose one of ${ORGANISATION_TYPES.join(', ')}.` });
export const organisationRole = z.enum(ORGANISATION_ROLES, { message: `Choose one of ${ORGANISATION_ROLES.join(', ')}.` });
const email = z.string().trim().max(254, 'Use at most 254 characters.').email('Enter an email address such as name@example.com.');

const organisationFields = {
  name: requiredText(200, 'Enter the organisation name.'),
  type: organisationType,
  company_number: clearable(textInput(40)),
  country: clearable(textInput(80)),
  address: clearable(textInput(500)),
  email: clearable(email),
  phone: clearable(textInput(40)),
};

export const createOrganisationSchema = z.strictObject({ ...z.object(organisationFields).partial().shape, name: organisationFields.name });
export const updateOrganisationSchema = z.strictObject(organisationFields).partial();
export type OrganisationInput = z.infer<typeof createOrganisationSchema>;

export const linkUserSchema = z.strictObject({ user_id: idInput('investor'), role: organisationRole });
export const updateLinkSchema = z.strictObject({ role: organisationRole });

/** What an investor sends to ask to act for an organisation (the supporting document travels as a file). */
export const applicationSchema = z.strictObject({
  name: requiredText(200, 'Enter the organisation name.'),
  type: organisationType,
  company_number: clearable(textInput(40)).optional(),
  role: organisationRole,
});

/** Staff may approve onto an organisation already on file, and in another role than the one asked for. */
export const approveSchema = z.strictObject({ organisation_id: idInput('organisation').optional(), role: organisationRole.optional() });
export const rejectSchema = z.strictObject({ reason: requiredText(2000, 'Say why the application is rejected: the investor is told.') });

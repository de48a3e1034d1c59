import { z } from 'zod';
import { ORGANISATION_APPLICATION_STATUSES, ORGANISATION_ROLES, ORGANISATION_TYPES } from '../holders';
import { namedRef, type ListSpec } from './common';
import { clearable, idInput, idParam, idParams, requiredText, textInput } from './fields';
import { holderEmailInput, myHeldInvestmentSchema } from './holders';

/**
 * Organisations investors hold through (spec §2.2), the people who act for them, investors'
 * applications to act for one, and the investor's own view of theirs.
 */

/** A person who acts for an organisation, in their role. */
export const linkedUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string().nullable(),
  role_label: z.string().nullable(),
  linked_at: z.string(),
});
export type LinkedUser = z.infer<typeof linkedUserSchema>;

const organisationBase = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  type_label: z.string(),
  company_number: z.string().nullable(),
  country: z.string().nullable(),
  address: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** An organisation as staff see it; `users` with `include=users`. */
export const organisationSchema = organisationBase.extend({
  users_count: z.number().int(),
  users: z.array(linkedUserSchema).optional(),
});
export type Organisation = z.infer<typeof organisationSchema>;

const ORGANISATION_INCLUDES = ['users'] as const;

/** The organisations list and its export; `filter[user_id]` lists the ones a person acts for. */
export const ORGANISATIONS_LIST = {
  name: 'organisations',
  filters: ['search', 'type', 'user_id'],
  sorts: ['name', 'type', 'created_at'],
  includes: ORGANISATION_INCLUDES,
  fields: ['name', 'type', 'company_number', 'country', 'address', 'email', 'phone', 'users_count', 'created_at', 'updated_at'],
} as const satisfies ListSpec;

/** `?include=` of one organisation. */
export const organisationIncludeQuery = z.strictObject({
  include: z
    .string()
    .optional()
    .meta({ description: `Comma-separated relations to embed: ${ORGANISATION_INCLUDES.join(', ')}.` }),
});

const organisationType = z.enum(ORGANISATION_TYPES, { message: `Choose one of ${ORGANISATION_TYPES.join(', ')}.` });
const organisationRole = z.enum(ORGANISATION_ROLES, { message: `Choose one of ${ORGANISATION_ROLES.join(', ')}.` });

const organisationFields = {
  name: requiredText(200, 'Enter the organisation name.'),
  type: organisationType,
  company_number: clearable(textInput(40)),
  country: clearable(textInput(80)),
  address: clearable(textInput(500)),
  email: clearable(holderEmailInput),
  phone: clearable(textInput(40)),
};

/** The new-organisation form: the name is required. */
export const createOrganisationBody = z.strictObject({ ...z.object(organisationFields).partial().shape, name: organisationFields.name });
/** The edit form: any field, each checked as on creation. */
export const updateOrganisationBody = z.strictObject(organisationFields).partial();

/** `/api/organisations/{id}/users/{userId}`: one person's link to the organisation. */
export const organisationLinkParams = idParams.extend({ userId: idParam });
/** Links an investor in a role; linking again changes the role. */
export const linkUserBody = z.strictObject({ user_id: idInput('investor', 'Choose an investor.'), role: organisationRole });
export const updateLinkBody = z.strictObject({ role: organisationRole });

/** What the applicant and staff both see of an application to act for an organisation. */
export const organisationApplicationSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  organisation_id: z.number().int().nullable(),
  name: z.string(),
  type: z.string(),
  type_label: z.string(),
  company_number: z.string().nullable(),
  role: z.string(),
  role_label: z.string(),
  status: z.enum(ORGANISATION_APPLICATION_STATUSES),
  status_label: z.string(),
  reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type OrganisationApplication = z.infer<typeof organisationApplicationSchema>;

/** An application as staff decide it: the applicant, the supporting document, the decision and who made it. */
export const staffOrganisationApplicationSchema = organisationApplicationSchema.extend({
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  document: z.object({ id: z.number().int(), name: z.string(), download_url: z.string() }).nullable(),
  organisation: namedRef.nullable(),
  decided_by: namedRef.nullable(),
});
export type StaffOrganisationApplication = z.infer<typeof staffOrganisationApplicationSchema>;

export const ORGANISATION_APPLICATIONS_LIST = {
  name: 'organisation_applications',
  filters: ['search', 'status', 'user_id'],
  sorts: ['name', 'created_at', 'status'],
} as const satisfies ListSpec;

/** What an investor sends to ask to act for an organisation (multipart: the supporting document travels as `file`). */
export const organisationApplicationBody = z.strictObject({
  name: requiredText(200, 'Enter the organisation name.'),
  type: organisationType,
  company_number: clearable(textInput(40)).optional(),
  role: organisationRole,
});

/** Staff may approve onto an organisation already on file, and in another role than the one asked for. */
export const approveApplicationBody = z.strictObject({
  organisation_id: idInput('organisation', 'Choose an organisation.').optional(),
  role: organisationRole.optional(),
});
export const rejectApplicationBody = z.strictObject({
  reason: requiredText(2000, 'Say why the application is rejected: the investor is told.'),
});

/** One of the investor's organisations, with the role they act in. */
export const myOrganisationSchema = organisationBase.extend({ my_role: z.string().nullable(), my_role_label: z.string().nullable() });
export type MyOrganisation = z.infer<typeof myOrganisationSchema>;

/** One of the investor's organisations with what they invested through it. */
export const myOrganisationDetailSchema = myOrganisationSchema.extend({ investments: z.array(myHeldInvestmentSchema) });
export type MyOrganisationDetail = z.infer<typeof myOrganisationDetailSchema>;

import { z } from 'zod';
import { ATTRIBUTE_TYPES } from '../attributes';
import { isStaffRole } from '../roles';
import { ATTRIBUTE_MODES } from '../statuses';
import { CATEGORISATION_STATUSES, INVESTOR_CATEGORIES, KYC_STATUSES } from '../compliance';
import { type ListSpec, namedRef } from './common';
import { onboardingDocumentSchema } from './sign-up-documents';
import { ownershipChoiceSchema } from './ownership-choices';
import { clearable, idInput, idParam, isoDateInput, requiredText, textInput } from './fields';

/** A record's value of one custom attribute, as `include=attributeValues` presents it. */
export const userAttributeValueSchema = z.object({
  attribute_id: z.number().int(),
  name: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  mode: z.enum(ATTRIBUTE_MODES),
  value: z.union([z.string(), z.array(z.string()), z.boolean(), z.null()]),
});

/** A person named in another answer: `{ id, name, email }`. */
export const personRef = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type Person = z.infer<typeof personRef>;

/** An organisation the person acts for, with their role in it (`include=organisations`). */
export const userOrganisationSchema = namedRef.extend({ type: z.string(), role: z.string().nullable() });

/**
 * An account with an investment method (`include=investmentMethodEntities`): the person's own, or,
 * under `leadInvestmentMethodEntities`, one opened for them while they were a lead. The method comes
 * with `.investmentMethod`.
 */
export const userMethodAccountSchema = z.object({
  id: z.number().int(),
  investment_method_id: z.number().int(),
  reference: z.string().nullable(),
  created_at: z.string(),
  investment_method: namedRef.extend({ type: z.string(), provider: z.string().nullable() }).optional(),
});
export type UserMethodAccount = z.infer<typeof userMethodAccountSchema>;

/**
 * A user (server: shared/user-presenter.ts). Investors (role 5) carry their personal details, KYC
 * and category; staff do not. Relations with `include=`, `role_name` with `append=role_name`.
 */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role_id: z.number().int(),
  email_verified_at: z.string().nullable(),
  accepted_terms_version: z.number().int(),
  avatar: z.string().nullable(),
  compliance_passed: z.boolean().nullable(),
  compliance_tries: z.number().int().nullable(),
  compliance_questions: z.array(z.unknown()).nullable(),
  phone: z.string().nullable().optional(),
  address_line1: z.string().nullable().optional(),
  address_line2: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  postcode: z.string().nullable().optional(),
  country: z.string().nullable().optional(),
  date_of_birth: z.string().nullable().optional(),
  nationality: z.string().nullable().optional(),
  kyc_status: z.enum(KYC_STATUSES).optional(),
  kyc_updated_at: z.string().nullable().optional(),
  investor_category: z.enum(INVESTOR_CATEGORIES).nullable().optional(),
  categorisation_status: z.enum(CATEGORISATION_STATUSES).nullable().optional(),
  owner_id: z.number().int().nullable().optional(),
  adviser_id: z.number().int().nullable().optional(),
  deleted_at: z.string().nullable().optional(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  owner: personRef.nullable().optional(),
  attribute_values: z.array(userAttributeValueSchema).optional(),
  organisations: z.array(userOrganisationSchema).optional(),
  onboarding_documents: z.array(onboardingDocumentSchema).optional(),
  investment_method_entities: z.array(userMethodAccountSchema).optional(),
  lead_investment_method_entities: z.array(userMethodAccountSchema).optional(),
  /** Their saved whole-ownership choices (decision 0054), the default first. */
  ownership_choices: z.array(ownershipChoiceSchema).optional(),
  role_name: z.string().nullable().optional(),
  /** The signed-in user only: staff who must set up two-factor sign-in before anything else (decision 0035). */
  two_factor_enrolment_due: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

/** The relations a user is loaded with (`include=`). */
export const USER_INCLUDES = [
  'organisations',
  'attributeValues',
  'onboardingDocuments',
  'owner',
  'investmentMethodEntities',
  'investmentMethodEntities.investmentMethod',
  'leadInvestmentMethodEntities',
  'leadInvestmentMethodEntities.investmentMethod',
  'ownershipChoices',
] as const;

/** `?include=` of the routes answering one user; other parameters (a cache-buster such as `update=1`) are ignored. */
export const userIncludeQuery = z.looseObject({ include: z.string().optional() });

/** The kinds of user `type=` names: investors (role 5) and staff (every other role). */
export const USER_KINDS = ['investor', 'staff'] as const;

/** The users list (the investors list filters role_id=5) and its export. */
export const USERS_LIST = {
  name: 'users',
  keyset: true,
  filters: [
    'role_id',
    'owner_id',
    'adviser_id',
    'search',
    'email_verified',
    'created_from',
    'created_to',
    'category',
    'categorisation_status',
    'kyc_status',
    'appropriateness',
    'ids',
  ],
  sorts: ['id', 'name', 'email', 'created_at', 'last_login_at', 'role_id', 'kyc_status', 'investor_category'],
  types: USER_KINDS,
  includes: USER_INCLUDES,
  fields: [
    'name',
    'email',
    'role_id',
    'email_verified_at',
    'accepted_terms_version',
    'avatar',
    'created_at',
    'last_login_at',
    'kyc_status',
    'investor_category',
    'categorisation_status',
    'owner_id',
    'adviser_id',
  ],
  appends: ['role_name'],
} as const satisfies ListSpec;

/** Staff who may own investors (relationship managers). */
export const ownerSchema = personRef.extend({ role_id: z.number().int() });
export type Owner = z.infer<typeof ownerSchema>;

/** A pending invitation to the investor portal (a set-password link not used yet). */
export const invitationSchema = z.object({
  id: z.number().int(),
  user: personRef,
  sent_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const INVITATIONS_LIST = {
  name: 'invitations',
  filters: ['status', 'expired'],
  sorts: ['created_at', 'expires_at'],
} as const satisfies ListSpec;

export const bulkDeleteInvitationsBody = z.strictObject({
  ids: z.preprocess(
    (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
    z
      .array(idInput('invitation'), { message: 'Choose the invitations to delete.' })
      .min(1, 'Choose the invitations to delete.')
      .max(500, 'Delete at most 500 at once.'),
  ),
});
export const bulkDeleteInvitationsResponse = z.object({ message: z.string(), deleted: z.number().int() });
export type BulkDeleteInvitationsResult = z.infer<typeof bulkDeleteInvitationsResponse>;

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

const userName = requiredText(255, 'Enter a name.');
const userEmail = z.string({ error: 'Enter a valid email address.' }).trim().toLowerCase().email('Enter a valid email address.').max(254);
const kycStatusInput = z.enum(KYC_STATUSES, { message: `Choose one of ${KYC_STATUSES.join(', ')}.` });
const categoryInput = z.enum(INVESTOR_CATEGORIES, { message: `Choose one of ${INVESTOR_CATEGORIES.join(', ')}.` });
/** Spec §5: '1' is true, '0' false. */
const flagInput = z.union([z.boolean(), z.enum(['1', '0', 'true', 'false'])]).transform((v) => v === true || v === '1' || v === 'true');
/** Custom attribute values (JSON text from a form, or an object); checked by the server against the attributes. */
const attributesInput = z.unknown().optional();

/**
 * Editing a user. Anyone edits themselves (name, the terms they accept and, for investors, their
 * details); staff with the permission edit investors (also e-mail, KYC, owner, category and custom
 * `attributes`, checked by the server against the attributes). The server refuses the fields that
 * are not the editor's to change.
 */
export const updateUserBody = z
  .object({
    name: userName,
    email: userEmail,
    accepted_terms_version: z.coerce.number().int().min(0),
    ...personalDetails,
    kyc_status: kycStatusInput,
    owner_id: clearable(idInput('member of staff')),
    adviser_id: clearable(idInput('adviser')),
    category: categoryInput,
  })
  .partial()
  .extend({ attributes: attributesInput })
  .strict();
export type UpdateUserInput = z.infer<typeof updateUserBody>;

/** Staff creating an investor (new-investor). */
export const createInvestorBody = z.strictObject({
  ...z
    .object({
      ...personalDetails,
      kyc_status: kycStatusInput,
      owner_id: clearable(idInput('member of staff')),
      adviser_id: clearable(idInput('adviser')),
      category: categoryInput,
      send_invitation: flagInput,
    })
    .partial().shape,
  attributes: attributesInput,
  name: userName,
  email: userEmail,
});
export type CreateInvestorInput = z.infer<typeof createInvestorBody>;

/**
 * The owner and adviser every new investor gets while `enableDefaultInvestorAssociates` is on
 * (Settings › Features): from registration, staff, a converted lead or an import — unless one is
 * chosen for them there.
 */
export const defaultAssociatesSchema = z.object({ owner_id: z.number().int().nullable(), adviser_id: z.number().int().nullable() });
export type DefaultAssociates = z.infer<typeof defaultAssociatesSchema>;
export const updateDefaultAssociatesBody = z
  .strictObject({ owner_id: clearable(idInput('member of staff')), adviser_id: clearable(idInput('adviser')) })
  .partial();

export const resendInvitationBody = z.object({ user_id: idInput('user') });

/** Signing a PDF: the page to place the signature on and what it is. */
const fraction = (what: string) =>
  z.coerce
    .number({ message: `Enter the ${what} as a fraction of the page (0 to 1).` })
    .min(0, `The ${what} must be on the page.`)
    .max(1, `The ${what} must be on the page.`);
export const SIGNATURE_PNG_PREFIX = 'data:image/png;base64,';

export const signPdfBody = z
  .strictObject({
    page: z.coerce.number({ message: 'Choose a page.' }).int('Choose a page.').min(1, 'Choose a page.'),
    x: fraction('left edge'),
    y: fraction('top edge'),
    width: fraction('width').refine((w) => w >= 0.05, 'Make the signature at least 5% of the page wide.'),
    kind: z.enum(['typed', 'drawn'], { message: 'Type or draw the signature.' }),
    text: textInput(100).optional(),
    drawing: z.string().optional(),
    name: clearable(textInput(200)).optional(),
    visibility: z.enum(['public', 'private'], { message: 'Choose public or private.' }).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'typed' && !input.text?.trim()) ctx.addIssue({ code: 'custom', path: ['text'], message: 'Type the signature.' });
    if (input.kind === 'drawn' && !input.drawing?.startsWith(SIGNATURE_PNG_PREFIX))
      ctx.addIssue({ code: 'custom', path: ['drawing'], message: 'Draw the signature.' });
    if (input.x + input.width > 1.0001)
      ctx.addIssue({ code: 'custom', path: ['x'], message: 'The signature must fit on the page: move it left or make it narrower.' });
  });
export type SignPdfInput = z.infer<typeof signPdfBody>;

/** What the signing page needs: the document and its pages' sizes. */
export const signPdfDocumentSchema = z.object({
  document: z.object({ id: z.number().int(), name: z.string(), visibility: z.string(), download_url: z.string() }),
  pages: z.array(z.object({ width: z.number(), height: z.number() })),
});
export type SignPdfDocument = z.infer<typeof signPdfDocumentSchema>;

/** The signed copy as filed (the documents module presents it; only its id is promised here). */
export const signedPdfSchema = z.looseObject({ id: z.number().int() });
export type SignedPdf = z.infer<typeof signedPdfSchema>;

export const signPdfParams = z.object({ id: idParam, documentId: idParam });

/** Staff accounts as Settings › User Management lists them (spec §2.2 account/admin-accounts). */
export const STAFF_STATUSES = ['invited', 'active', 'deactivated'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const staffAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role_id: z.number().int(),
  role_name: z.string(),
  /** invited: no password chosen yet; deactivated: cannot sign in, sessions ended. */
  status: z.enum(STAFF_STATUSES),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  /** Whether they sign in with two-factor; an administrator may reset it (decision 0035). */
  two_factor_enabled: z.boolean(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const STAFF_ACCOUNTS_LIST = {
  name: 'admin-accounts',
  filters: ['search', 'role_id', 'status'],
  sorts: ['name', 'email', 'role_id', 'last_login_at', 'created_at'],
} as const satisfies ListSpec;

/** Every role but the investor's (User) works on the admin side. */
const staffRole = z.coerce
  .number({ message: 'Choose a staff role.' })
  .int('Choose a staff role.')
  .refine((id) => isStaffRole(id), 'Choose a staff role.');

export const inviteStaffBody = z.strictObject({
  name: requiredText(255, 'Enter the name.'),
  email: z.string({ error: 'Enter a valid email address.' }).trim().toLowerCase().email('Enter a valid email address.').max(254),
  role_id: staffRole,
});
export type InviteStaffInput = z.input<typeof inviteStaffBody>;

export const changeStaffRoleBody = z.strictObject({ role_id: staffRole });

export const staffMessageResponse = z.object({ message: z.string() });

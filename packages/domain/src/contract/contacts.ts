import { z } from 'zod';
import { CONTACT_STATUS_IDS } from '../contacts';
import { INVESTOR_INTEREST_OPTIONS } from '../statuses';
import { presentedAttributeValueSchema, attributeValuesInput } from './attributes';
import { namedRef, type ListSpec } from './common';
import { clearable, idInput, requiredText, textInput } from './fields';

/** A contact (lead); `owner`, `lead_status`, `converted_user` and `attribute_values` with `include=`. */
export const contactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  source: z.string().nullable(),
  interest: z.string().nullable(),
  status: z.number().int(),
  lead_status_id: z.number().int().nullable(),
  owner_id: z.number().int().nullable(),
  converted_user_id: z.number().int().nullable(),
  converted_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  owner: namedRef.nullable().optional(),
  lead_status: namedRef.nullable().optional(),
  converted_user: namedRef.nullable().optional(),
  attribute_values: z.array(presentedAttributeValueSchema).optional(),
});
export type Contact = z.infer<typeof contactSchema>;

export const CONTACT_INCLUDE_NAMES = ['owner', 'lead_status', 'converted_user', 'attributeValues'] as const;

export const CONTACTS_LIST = {
  name: 'contacts',
  filters: ['search', 'status', 'lead_status_id', 'owner_id', 'interest', 'converted', 'ids'],
  sorts: ['name', 'email', 'company', 'status', 'created_at', 'updated_at'],
  includes: CONTACT_INCLUDE_NAMES,
  fields: [
    'name',
    'email',
    'phone',
    'company',
    'source',
    'interest',
    'status',
    'lead_status_id',
    'owner_id',
    'converted_user_id',
    'converted_at',
    'created_at',
    'updated_at',
  ],
} as const satisfies ListSpec;

/** `include=` on a single contact's answers. */
export const contactIncludeQuery = z.strictObject({
  include: z
    .string()
    .optional()
    .meta({ description: `Comma-separated relations to embed: ${CONTACT_INCLUDE_NAMES.join(', ')}.` }),
});

/** `?permanent=1` removes the lead for good (needs delete_unsafe); otherwise a soft delete. */
export const deleteContactQuery = z.strictObject({
  permanent: z.enum(['1', '0'], { message: "The parameter 'permanent' must be 1 or 0." }).optional(),
});

const contactEmail = z.string().trim().toLowerCase().max(254, 'Use at most 254 characters.').email('Enter a valid e-mail address.');

const contactFields = {
  name: requiredText(200, 'Enter the name.'),
  email: clearable(contactEmail),
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

/** The new-contact form: the name is required; `attributes` holds custom attribute values. */
export const createContactBody = z.strictObject({
  ...z.object(contactFields).partial().shape,
  name: contactFields.name,
  attributes: attributeValuesInput,
});
/** The edit-contact form: any field, each checked as on creation. */
export const updateContactBody = z.strictObject({ ...z.object(contactFields).partial().shape, attributes: attributeValuesInput });
export type ContactInput = Omit<z.infer<typeof updateContactBody>, 'attributes'>;

/** Converting a lead; the body may be left out. */
export const convertContactBody = z.preprocess(
  (body) => body ?? {},
  z.strictObject({
    /** Send the new investor the e-mail that lets them choose a password. */
    send_invitation: z
      .preprocess(
        (v) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' || v === '' ? false : v),
        z.boolean({ message: 'Choose yes or no.' }),
      )
      .default(false),
  }),
);

/** What converting a lead answers: the lead, the new investor (as the users routes show one), what carried over. */
export const contactConversionSchema = z.object({
  contact: contactSchema,
  investor: z.looseObject({ id: z.number().int(), name: z.string(), email: z.string(), role_id: z.number().int() }),
  carried_over: z.object({
    notes: z.number().int(),
    call_logs: z.number().int(),
    tasks: z.number().int(),
    folders: z.number().int(),
    documents: z.number().int(),
    attribute_values: z.number().int(),
    questionnaires: z.array(z.string()),
    categorisation_id: z.number().int().nullable(),
  }),
  invitation_sent: z.boolean(),
});
export type ContactConversion = z.infer<typeof contactConversionSchema>;
export type ConversionSummary = ContactConversion['carried_over'];

/** A lead status; `contacts_count` on the list. */
export const leadStatusSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  contacts_count: z.number().int().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LeadStatus = z.infer<typeof leadStatusSchema>;

export const createLeadStatusBody = z.strictObject({
  name: requiredText(80, 'Name the lead status.'),
  /** 0-based place in the list; the end when absent. */
  position: z.coerce.number().int('Enter a whole number.').min(0, 'Enter 0 or more.').optional(),
});
export const updateLeadStatusBody = createLeadStatusBody.partial();

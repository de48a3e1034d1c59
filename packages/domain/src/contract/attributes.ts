import { z } from 'zod';
import { ATTRIBUTE_OPTION_MAX, ATTRIBUTE_OPTIONS_MAX, ATTRIBUTE_SUBJECT_TYPES, ATTRIBUTE_TYPES, attributeHasOptions } from '../attributes';
import { ATTRIBUTE_MODES } from '../statuses';
import type { ListSpec } from './common';
import { clearable, requiredText, textInput } from './fields';

/** A value of a custom attribute: text, a date or number as text, options, or yes/no. */
export const attributeValueSchema = z.union([z.string(), z.array(z.string()), z.boolean(), z.null()]);

/** A record's value for one attribute (`include=attributeValues` on investors and contacts). */
export const presentedAttributeValueSchema = z.object({
  attribute_id: z.number().int(),
  name: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  mode: z.enum(ATTRIBUTE_MODES),
  value: attributeValueSchema,
});
export type PresentedAttributeValue = z.infer<typeof presentedAttributeValueSchema>;

/**
 * The attribute values a record's form sends, keyed by attribute id: an object, or its JSON text in
 * a multipart form. Each value is checked by its attribute's type on the server.
 */
export const attributeValuesInput = z.union([z.string(), z.record(z.string(), z.unknown())]).optional();

/** A custom attribute definition. */
export const attributeSchema = z.object({
  id: z.number().int(),
  subject_type: z.enum(ATTRIBUTE_SUBJECT_TYPES),
  name: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  options: z.array(z.string()),
  mode: z.enum(ATTRIBUTE_MODES),
  description: z.string().nullable(),
  position: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Attribute = z.infer<typeof attributeSchema>;

export const ATTRIBUTES_LIST = {
  name: 'attributes',
  filters: ['subject_type', 'type', 'mode', 'search'],
  sorts: ['position', 'name', 'created_at'],
} as const satisfies ListSpec;

/** FormData sends a list as JSON text; JSON bodies send the array itself. */
const jsonList = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
  z
    .array(
      z
        .string()
        .trim()
        .min(1, 'An option cannot be empty.')
        .max(ATTRIBUTE_OPTION_MAX, `Use at most ${ATTRIBUTE_OPTION_MAX} characters per option.`),
      { message: 'Send the options as a list.' },
    )
    .max(ATTRIBUTE_OPTIONS_MAX, `Use at most ${ATTRIBUTE_OPTIONS_MAX} options.`)
    .refine((list) => new Set(list.map((o) => o.toLowerCase())).size === list.length, 'Each option may appear only once.'),
);

const fields = {
  name: requiredText(100, 'Name the attribute.'),
  subject_type: z.enum(ATTRIBUTE_SUBJECT_TYPES, { message: 'Choose investors or contacts.' }),
  type: z.enum(ATTRIBUTE_TYPES, { message: `Choose one of ${ATTRIBUTE_TYPES.join(', ')}.` }),
  options: jsonList,
  mode: z.enum(ATTRIBUTE_MODES, { message: 'Choose editable or locked.' }),
  description: clearable(textInput(500)),
  position: z.coerce.number({ message: 'Enter a whole number.' }).int('Enter a whole number.').min(0, 'Enter 0 or more.').max(10_000),
};

/** The new-attribute form; select and multi-select attributes need options, others take none. */
export const createAttributeBody = z
  .strictObject({
    ...fields,
    options: fields.options.optional(),
    mode: fields.mode.optional(),
    description: fields.description.optional(),
    position: fields.position.optional(),
  })
  .superRefine((input, ctx) => {
    if (attributeHasOptions(input.type) && !input.options?.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Add at least one option.' });
    if (!attributeHasOptions(input.type) && input.options?.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only select and multi-select attributes have options.' });
  });

/** What an attribute is for (subject type) never changes: its values belong to that kind of record. */
const { subject_type: _subjectType, ...editable } = fields;
export const updateAttributeBody = z.strictObject(editable).partial();

export type CreateAttributeInput = z.infer<typeof createAttributeBody>;
export type UpdateAttributeInput = z.infer<typeof updateAttributeBody>;

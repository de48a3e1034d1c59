import { z } from 'zod';
import {
  ATTRIBUTE_MODES,
  ATTRIBUTE_OPTION_MAX,
  ATTRIBUTE_OPTIONS_MAX,
  ATTRIBUTE_SUBJECT_TYPES,
  ATTRIBUTE_TYPES,
  attributeHasOptions,
} from '@platform/domain';
import { clearable, requiredText, textInput } from '@platform/domain';

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

export const createAttributeSchema = z
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
export const updateAttributeSchema = z.strictObject(editable).partial();

export type CreateAttributeInput = z.infer<typeof createAttributeSchema>;
export type UpdateAttributeInput = z.infer<typeof updateAttributeSchema>;

import type { z } from 'zod';
import { setReadableValidationMessages } from '@platform/domain';

setReadableValidationMessages();

/** What a form sends: FormData (its text fields count; files are checked by the server) or a JSON object. */
type Sent = FormData | Record<string, unknown>;

function fieldsOf(sent: Sent): Record<string, unknown> {
  if (!(sent instanceof FormData)) return sent;
  const fields: Record<string, unknown> = {};
  for (const [name, value] of sent) if (typeof value === 'string' && name !== '_method') fields[name] = value;
  return fields;
}

/**
 * A form's `validate` from the route's body schema in `@platform/domain`: the values are turned
 * into what the form will send and checked as the server will check them, so the rules and the
 * messages are the server's own. Errors land on their field (`team.0.name` on the list item).
 */
export function validateWith<Values>(schema: z.ZodType, send: (values: Values) => Sent) {
  return (values: Values): Record<string, string> => {
    const result = schema.safeParse(fieldsOf(send(values)));
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.');
      if (field && !(field in errors)) errors[field] = issue.message;
    }
    return errors;
  };
}

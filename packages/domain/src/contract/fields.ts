import { z } from 'zod';
import { CURRENCIES } from '../currencies';
import { roundHalfUp } from '../exact-decimal';
import { isCalendarDate } from '../calendar-dates';

/**
 * Zod fields for form input, shared by the server's routes and the web's forms: exact decimals,
 * calendar dates, ids. Forms arrive as JSON or FormData (strings), so numbers are accepted either
 * way; decimals are never rounded here — an amount with too many places is a field error, not a
 * silent change to someone's money.
 */
function decimalInput(integerDigits: number, places: number, message: string) {
  const pattern = new RegExp(`^\\d{1,${integerDigits}}(\\.\\d{1,${places}})?$`);
  return z.union([z.string(), z.number()]).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (!pattern.test(text)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return roundHalfUp(text, places);
  });
}

/** numeric(20,2): up to 18 digits before the point, 2 after. */
export const moneyInput = decimalInput(18, 2, 'Enter an amount such as 1250.00 (no more than 2 decimal places).');
/** numeric(24,6): unit counts, prices and NAV per unit. */
export const unitsInput = decimalInput(18, 6, 'Enter a number such as 1000.5 (no more than 6 decimal places).');
/** numeric(7,4) percent: 2.5 is 2.5%. */
export const percentInput = decimalInput(3, 4, 'Enter a percentage such as 2.5 (no more than 4 decimal places).');

export const isoDateInput = z.string().trim().refine(isCalendarDate, 'Enter a date as YYYY-MM-DD.');

/** Ids are PostgreSQL `integer`s: a number above this cannot name a row, and would fail the query. */
export const MAX_ID = 2_147_483_647;

export const idInput = (what: string, message = `Choose a ${what}.`) =>
  z.coerce.number({ message }).int(message).positive(message).max(MAX_ID, message);

export const currencyInput = z.enum(CURRENCIES, { message: `Choose one of ${CURRENCIES.join(', ')}.` });

export const textInput = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);
/** Text a form must have: missing, blank or not text at all, the answer is the field's own message. */
export const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().max(max, `Use at most ${max} characters.`).min(1, message);

/** FormData cannot send null: an empty string clears an optional field. */
export function clearable<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => (value === '' ? null : value), schema.nullable());
}

/** Marks the issue of a well-formed id too large to exist (see `idParam`): the server answers 404. */
export const NO_SUCH_ID = 'no_such_id';

/**
 * A route param naming a record: anything but digits is a malformed request (400); a number beyond
 * the id range is well formed but names nothing (404), as a missing record would.
 */
export const idParam = z.coerce
  .string()
  .regex(/^\d+$/, 'Must be a positive whole number.')
  .transform(Number)
  .refine((id) => id >= 1, 'Must be a positive whole number.')
  .refine((id) => id <= MAX_ID, { message: 'No record has this id.', params: { reason: NO_SUCH_ID } });

/** Route params `{id}`. */
export const idParams = z.object({ id: idParam });

/**
 * A field the form left out reads as a missing answer, not as a type error: forms drop empty
 * values before sending (spec §5), so "expected string, received undefined" would reach people.
 * Schemas with their own message for the case keep it. Called once by the server and by the web,
 * so a form shows the message the server would answer.
 */
export function setReadableValidationMessages(): void {
  z.config({
    customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'This field is required.' : undefined),
  });
}

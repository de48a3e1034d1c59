import Decimal from 'decimal.js';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { CURRENCIES } from '@platform/domain';
import { AppError, NO_SUCH_ID, validationError } from './errors';

/**
 * Zod fields for form input shared by modules: exact decimals, calendar dates, ids. Forms arrive as
 * JSON or FormData (strings), so numbers are accepted either way; decimals are never rounded here —
 * an amount with too many places is a field error, not a silent change to someone's money.
 */
function decimalInput(integerDigits: number, places: number, message: string) {
  const pattern = new RegExp(`^\\d{1,${integerDigits}}(\\.\\d{1,${places}})?$`);
  return z.union([z.string(), z.number()]).transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    if (!pattern.test(text)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return new Decimal(text).toFixed(places);
  });
}

/** numeric(20,2): up to 18 digits before the point, 2 after. */
export const moneyInput = decimalInput(18, 2, 'Enter an amount such as 1250.00 (no more than 2 decimal places).');
/** numeric(24,6): unit counts, prices and NAV per unit. */
export const unitsInput = decimalInput(18, 6, 'Enter a number such as 1000.5 (no more than 6 decimal places).');
/** numeric(7,4) percent: 2.5 is 2.5%. */
export const percentInput = decimalInput(3, 4, 'Enter a percentage such as 2.5 (no more than 4 decimal places).');

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
}

export const isoDateInput = z.string().trim().refine(isCalendarDate, 'Enter a date as YYYY-MM-DD.');

/** Ids are PostgreSQL `integer`s: a number above this cannot name a row, and would fail the query. */
export const MAX_ID = 2_147_483_647;

export const idInput = (what: string) =>
  z.coerce
    .number({ message: `Choose a ${what}.` })
    .int(`Choose a ${what}.`)
    .positive(`Choose a ${what}.`)
    .max(MAX_ID, `Choose a ${what}.`);

export const currencyInput = z.enum(CURRENCIES, { message: `Choose one of ${CURRENCIES.join(', ')}.` });

export const textInput = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);
export const requiredText = (max: number, message: string) => textInput(max).min(1, message);

/** FormData cannot send null: an empty string clears an optional field. */
export function clearable<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => (value === '' ? null : value), schema.nullable());
}

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
 * Where a value holds U+0000: PostgreSQL text cannot store it, and no form has a use for it. Paths
 * name the offending field (`name`, `items.2.label`) so the answer can point at it.
 */
function pathsWithNul(value: unknown, path: string[] = [], found: string[] = [], depth = 0): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(path.join('.') || 'body');
  } else if (value && typeof value === 'object' && depth < 64) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) found.push([...path, key.replaceAll('\u0000', '')].join('.'));
      pathsWithNul(item, [...path, key], found, depth + 1);
    }
  }
  return found;
}

const NUL_MESSAGE = 'Must not contain the NUL character.';

/** A 422 naming every field of a body that holds U+0000, or null when there is none. */
export function nulCharacterError(body: unknown): AppError | null {
  const fields = pathsWithNul(body);
  return fields.length ? validationError(Object.fromEntries(fields.map((field) => [field, [NUL_MESSAGE]]))) : null;
}

/** Refuses U+0000 anywhere in a path, query or JSON body before any handler sees it. */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['parameter', request.params],
      ['parameter', request.query],
    ] as const) {
      const [name] = pathsWithNul(value);
      if (name !== undefined) throw new AppError('bad_request', `Invalid ${where} '${name}': ${NUL_MESSAGE}`);
    }
    const error = request.body && typeof request.body === 'object' ? nulCharacterError(request.body) : null;
    if (error) throw error;
  });
}

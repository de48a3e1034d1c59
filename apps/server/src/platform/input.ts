import Decimal from 'decimal.js';
import { z } from 'zod';
import { CURRENCIES } from '@platform/domain';

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

export const isoDateInput = z
  .string()
  .trim()
  .refine(isCalendarDate, 'Enter a date as YYYY-MM-DD.');

export const idInput = (what: string) => z.coerce.number({ message: `Choose a ${what}.` }).int(`Choose a ${what}.`).positive(`Choose a ${what}.`);

export const currencyInput = z.enum(CURRENCIES, { message: `Choose one of ${CURRENCIES.join(', ')}.` });

export const textInput = (max: number) => z.string().trim().max(max, `Use at most ${max} characters.`);
export const requiredText = (max: number, message: string) => textInput(max).min(1, message);

/** FormData cannot send null: an empty string clears an optional field. */
export function clearable<S extends z.ZodType>(schema: S) {
  return z.preprocess((value) => (value === '' ? null : value), schema.nullable());
}


/** Route params `{id}`: anything but a positive whole number is a malformed request (400). */
export const idParams = z.object({ id: z.coerce.number().int().positive() });

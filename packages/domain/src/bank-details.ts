import { electronicFormatIBAN, isValidBIC, validateIBAN } from 'ibantools';
import { z } from 'zod';

/**
 * Bank details as people type them — spaces, hyphens, lower case — checked and kept in one form:
 * a UK sort code and account number as digits; an IBAN in its electronic form (no spaces, upper
 * case) with its country's length and layout and its check digits verified; a BIC/SWIFT code of 8
 * or 11 characters with a real country code. `ibantools` does the IBAN and BIC checks
 * (docs/decisions/0056-international-bank-details.md). Blank clears the field.
 */
const compact = (value: unknown, strip: RegExp) => {
  if (typeof value !== 'string') return value;
  const text = value.replace(strip, '').toUpperCase();
  return text === '' ? null : text;
};

export const sortCodeInput = z
  .preprocess(
    (v) => compact(v, /[\s-]/g),
    z
      .string()
      .regex(/^\d{6}$/, 'A sort code has 6 digits, such as 12-34-56.')
      .nullable(),
  )
  .optional();

export const accountNumberInput = z
  .preprocess(
    (v) => compact(v, /\s/g),
    z
      .string()
      .regex(/^\d{8}$/, 'A UK account number has 8 digits.')
      .nullable(),
  )
  .optional();

export const ibanInput = z
  .preprocess(
    (v) => (typeof v === 'string' ? electronicFormatIBAN(v) || null : v),
    z
      .string()
      .refine(
        (iban) => validateIBAN(iban).valid,
        'Enter a valid IBAN, such as GB29 NWBK 6016 1331 9268 19: check the country code, length and check digits.',
      )
      .nullable(),
  )
  .optional();

export const bicInput = z
  .preprocess(
    (v) => compact(v, /\s/g),
    z
      .string()
      .refine((bic) => isValidBIC(bic), 'Enter a BIC (SWIFT code) of 8 or 11 characters, such as NWBKGB2L.')
      .nullable(),
  )
  .optional();

/** An IBAN as people read it: in groups of four. */
export const readableIban = (iban: string) => iban.replace(/(.{4})(?!$)/g, '$1 ');

/** A sort code as people read it: 12-34-56 (stored as digits; anything else is shown as it is). */
export const readableSortCode = (sortCode: string) =>
  /^\d{6}$/.test(sortCode) ? sortCode.replace(/^(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3') : sortCode;

/** Whether an investor in `countryCode` (ISO 3166 alpha-2; unknown is treated as the UK) is paid the international details. */
export const paysFromAbroad = (countryCode: string | null | undefined) => countryCode != null && countryCode !== 'GB';

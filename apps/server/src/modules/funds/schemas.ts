import Decimal from 'decimal.js';
import { z } from 'zod';
import { LEDGER_KINDS } from '../../db/schema';
import { clearable, idInput, isoDateInput, moneyInput, textInput, unitsInput } from '@platform/domain';

/** Input of the NAV and ledger forms. */

const positiveMoney = moneyInput.refine((v) => new Decimal(v).gt(0), 'Enter an amount greater than zero.');
const positiveUnits = unitsInput.refine((v) => new Decimal(v).gt(0), 'Enter a number of units greater than zero.');

export const createNavSchema = z.strictObject({
  fund_id: idInput('fund'),
  date: isoDateInput,
  nav: moneyInput,
  /** The units the fund's ledgers show on that date when absent. */
  units_in_issue: unitsInput.optional(),
});
export const updateNavSchema = z.strictObject({ date: isoDateInput, nav: moneyInput, units_in_issue: unitsInput }).partial();

export const createLedgerSchema = z.strictObject({
  fund_id: idInput('fund'),
  investor_id: idInput('investor'),
  kind: z.enum(LEDGER_KINDS, { message: `Choose one of ${LEDGER_KINDS.join(', ')}.` }),
  date: isoDateInput,
  amount: positiveMoney,
  /** Subscriptions: derived from the NAV per unit on the date when absent. Redemptions: required. */
  units: clearable(positiveUnits).optional(),
  reference: clearable(textInput(120)).optional(),
  notes: clearable(textInput(5000)).optional(),
});
/** Fund, investor and kind are what an entry is: changing them is a new entry, not an edit. */
export const updateLedgerSchema = z
  .strictObject({
    date: isoDateInput,
    amount: positiveMoney,
    units: clearable(positiveUnits),
    reference: clearable(textInput(120)),
    notes: clearable(textInput(5000)),
  })
  .partial();

export type CreateLedgerInput = z.infer<typeof createLedgerSchema>;
export type UpdateLedgerInput = z.infer<typeof updateLedgerSchema>;

import Decimal from 'decimal.js';
import { z } from 'zod';
import { LEDGER_KINDS } from '../../db/schema';
import {
  clearable,
  currencyInput,
  idInput,
  isoDateInput,
  moneyInput,
  percentInput,
  requiredText,
  textInput,
  unitsInput,
} from '../../platform/input';

/** Input of the fund, NAV and ledger forms. */

const fundFields = {
  name: requiredText(200, 'Enter the fund name.'),
  type: requiredText(60, 'Enter the fund type, e.g. EIS.'),
  vintage: z.coerce
    .number({ message: 'Enter the vintage year.' })
    .int('Enter the vintage year.')
    .min(1900, 'Enter a year from 1900.')
    .max(2200, 'Enter a year before 2200.'),
  currency: currencyInput,
  target_size: clearable(moneyInput),
  management_fee: clearable(percentInput),
  performance_fee: clearable(percentInput),
  manager_id: clearable(idInput('manager')),
  description: clearable(textInput(200_000)),
};

export const createFundSchema = z.strictObject({
  ...z.object(fundFields).partial().shape,
  name: fundFields.name,
  type: fundFields.type,
  vintage: fundFields.vintage,
});
export const updateFundSchema = z.strictObject(fundFields).partial();

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

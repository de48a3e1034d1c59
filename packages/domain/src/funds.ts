/**
 * Funds and fund investments ("companies", spec §2.2): the kinds of ledger entry and the maturity
 * statuses of a holding, with the words people see for them. The database checks the same values
 * (apps/server/src/db/schema/deals-funds.ts imports these).
 */
export const LEDGER_KINDS = ['subscription', 'redemption', 'distribution', 'fee'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  subscription: 'Subscription',
  redemption: 'Redemption',
  distribution: 'Distribution',
  fee: 'Fee',
};

export const MATURITY_STATUSES = ['active', 'partially_realised', 'matured', 'exited', 'written_off'] as const;
export type MaturityStatus = (typeof MATURITY_STATUSES)[number];
export const MATURITY_STATUS_LABELS: Record<MaturityStatus, string> = {
  active: 'Active',
  partially_realised: 'Partially realised',
  matured: 'Matured',
  exited: 'Exited',
  written_off: 'Written off',
};

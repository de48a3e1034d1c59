/** The currencies the platform takes and shows; an amount travels as an exact decimal string with one of them. */
export const DEFAULT_CURRENCY = 'GBP';
export const CURRENCIES = ['GBP', 'EUR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export interface Money {
  amount: string;
  currency: string;
}

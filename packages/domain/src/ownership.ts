import Decimal from 'decimal.js';

/**
 * Whole-ownership choices (spec §3 "whole-ownership choices", decision 0054): how an investor
 * saves the way they hold their investments. A choice names one holder for the whole (100%) or
 * several joint holders whose shares add up to exactly 100%, counted in exact decimals.
 */

/** What the shares of one choice must add up to, in percent. */
export const OWNERSHIP_TOTAL = '100';

/** A share register names at most four joint holders of one holding. */
export const OWNERSHIP_MAX_HOLDERS = 4;

export const OWNERSHIP_KINDS = ['whole', 'joint'] as const;
export type OwnershipKind = (typeof OWNERSHIP_KINDS)[number];

export const OWNERSHIP_KIND_LABELS: Record<OwnershipKind, string> = {
  whole: 'Whole ownership',
  joint: 'Joint ownership',
};

/** The sum of the percentages, exact (decimal.js), as a plain decimal string: '100', '99.9999'. */
export function ownershipTotal(percentages: readonly string[]): string {
  return percentages.reduce((total, p) => total.plus(p || '0'), new Decimal(0)).toFixed();
}

/** True when the percentages add up to exactly 100. */
export function isFullOwnership(percentages: readonly string[]): boolean {
  return new Decimal(ownershipTotal(percentages)).eq(OWNERSHIP_TOTAL);
}

/** One holder for the whole is whole ownership; more are joint. */
export const ownershipKind = (holders: number): OwnershipKind => (holders > 1 ? 'joint' : 'whole');

/** A percentage for people: '60' → '60%', '33.3333' → '33.3333%' (no trailing zeros). */
export const formatShare = (percentage: string) => `${new Decimal(percentage).toFixed()}%`;

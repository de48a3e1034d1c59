import type { TermKey, Terminology } from './terminology';

/**
 * The investor portfolio's tables (spec §3 "portfolio tables (options, columns)"): each table
 * offers a fixed set of column options; staff choose which columns it shows, in what order and
 * under what label. A table nobody has set up shows its default columns.
 */
export const PORTFOLIO_COLUMN_OPTIONS = {
  investment: 'columnInvestment',
  company: 'columnCompany',
  status: 'columnStatus',
  invested: 'columnInvested',
  shares: 'columnShares',
  share_price: 'columnSharePrice',
  current_value: 'columnCurrentValue',
  realised: 'columnRealised',
  gain: 'columnGain',
  multiple: 'columnMultiple',
  fund: 'columnFund',
  units: 'columnUnits',
  paid_in: 'columnPaidIn',
  distributions: 'columnDistributions',
} as const satisfies Record<string, TermKey>;

export type PortfolioColumnOption = keyof typeof PORTFOLIO_COLUMN_OPTIONS;

export interface PortfolioTableDefinition {
  id: number;
  key: 'holdings' | 'funds';
  name: string;
  description: string;
  /** Every column the table can show, in their natural order. */
  options: readonly PortfolioColumnOption[];
  /** The columns shown until staff choose. */
  defaults: readonly PortfolioColumnOption[];
}

export const PORTFOLIO_TABLES: readonly PortfolioTableDefinition[] = [
  {
    id: 1,
    key: 'holdings',
    name: 'Holdings',
    description: 'The investments the investor holds, one row per company.',
    options: ['investment', 'company', 'status', 'invested', 'shares', 'share_price', 'current_value', 'realised', 'gain', 'multiple'],
    defaults: ['investment', 'status', 'invested', 'shares', 'current_value', 'gain', 'multiple'],
  },
  {
    id: 2,
    key: 'funds',
    name: 'Fund positions',
    description: 'The units the investor holds in funds, valued at the latest NAV per unit.',
    options: ['fund', 'units', 'paid_in', 'current_value', 'distributions', 'gain', 'multiple'],
    defaults: ['fund', 'units', 'paid_in', 'current_value', 'distributions', 'gain', 'multiple'],
  },
];

export const portfolioTable = (id: number) => PORTFOLIO_TABLES.find((table) => table.id === id);

/** A column's heading: the table's own label for it, else the portfolio-columns terminology label. */
export function portfolioColumnLabel(terms: Terminology, option: PortfolioColumnOption, label: string | null | undefined): string {
  return label?.trim() || terms[PORTFOLIO_COLUMN_OPTIONS[option]];
}

/**
 * The headline figures investors may see on their overview and portfolio (per currency), named by
 * the portfolio-columns terminology. `realised` shows once something has been sold.
 */
export const PORTFOLIO_STATS = {
  invested: 'columnInvested',
  current_value: 'columnCurrentValue',
  realised: 'columnRealised',
  gain: 'columnGain',
  multiple: 'columnMultiple',
} as const satisfies Record<string, TermKey>;

export type PortfolioStat = keyof typeof PORTFOLIO_STATS;
export const PORTFOLIO_STAT_NAMES = Object.keys(PORTFOLIO_STATS) as PortfolioStat[];
export const DEFAULT_PORTFOLIO_STATS: readonly PortfolioStat[] = ['invested', 'current_value', 'realised', 'gain', 'multiple'];

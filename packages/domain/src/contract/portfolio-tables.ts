import { z } from 'zod';
import {
  PORTFOLIO_COLUMN_OPTIONS,
  PORTFOLIO_STAT_NAMES,
  type PortfolioColumnOption,
  type PortfolioStat,
  portfolioTable,
} from '../portfolio-tables';
import { termLabelProblem } from '../terminology';

/**
 * Investor portfolio settings (spec §2.2 settings investor portfolio, portfolio/{id} and
 * portfolio-stats; spec §3 portfolio tables with their options and columns). Staff with
 * `settings_investor_type` read and change them; investors read the layout their pages follow.
 */
const OPTION_NAMES = Object.keys(PORTFOLIO_COLUMN_OPTIONS) as [PortfolioColumnOption, ...PortfolioColumnOption[]];

export const portfolioColumnSchema = z.object({
  option: z.enum(OPTION_NAMES),
  /** 0-based place in the table. */
  position: z.number().int(),
  /** The table's own heading for the column; null follows the terminology label. */
  label: z.string().nullable(),
});
export type PortfolioColumn = z.infer<typeof portfolioColumnSchema>;

export const portfolioTableSchema = z.object({
  id: z.number().int(),
  key: z.enum(['holdings', 'funds']),
  name: z.string(),
  description: z.string(),
  /** Every column the table can show. */
  options: z.array(z.enum(OPTION_NAMES)),
  columns: z.array(portfolioColumnSchema),
  /** True until staff save a choice: the table shows its default columns. */
  is_default: z.boolean(),
});
export type PortfolioTable = z.infer<typeof portfolioTableSchema>;

const columnLabel = z
  .string()
  .nullable()
  .optional()
  .transform((label, ctx) => {
    const text = label?.trim() ?? '';
    if (!text) return null;
    const problem = termLabelProblem(text);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return text;
  });

/** The columns a table shows, in order (a table's id is in the path; its options decide what is allowed). */
export const savePortfolioColumnsBody = z.strictObject({
  columns: z
    .array(z.strictObject({ option: z.enum(OPTION_NAMES, { message: 'Choose one of the columns offered.' }), label: columnLabel }))
    .min(1, 'Show at least one column.')
    .max(OPTION_NAMES.length)
    .superRefine((columns, ctx) => {
      const seen = new Set<string>();
      columns.forEach((column, index) => {
        if (seen.has(column.option)) ctx.addIssue({ code: 'custom', message: 'Each column can be shown once.', path: [index, 'option'] });
        seen.add(column.option);
      });
    }),
});
export type SavePortfolioColumnsInput = z.input<typeof savePortfolioColumnsBody>;

/** Checks the chosen columns against the table's own options; field errors keyed like the body's. */
export function columnsOutsideTable(tableId: number, columns: ReadonlyArray<{ option: string }>): Record<string, string[]> {
  const table = portfolioTable(tableId);
  const errors: Record<string, string[]> = {};
  columns.forEach((column, index) => {
    if (!table?.options.includes(column.option as PortfolioColumnOption))
      errors[`columns.${index}.option`] = ['This table does not offer that column.'];
  });
  return errors;
}

const STAT_NAMES = PORTFOLIO_STAT_NAMES as [PortfolioStat, ...PortfolioStat[]];

export const portfolioStatsSchema = z.object({
  /** The headline figures investors see, in order. */
  stats: z.array(z.enum(STAT_NAMES)),
  options: z.array(z.enum(STAT_NAMES)),
  is_default: z.boolean(),
});
export type PortfolioStats = z.infer<typeof portfolioStatsSchema>;

export const savePortfolioStatsBody = z.strictObject({
  stats: z
    .array(z.enum(STAT_NAMES, { message: 'Choose one of the figures offered.' }))
    .max(STAT_NAMES.length)
    .superRefine((stats, ctx) => {
      if (new Set(stats).size !== stats.length) ctx.addIssue({ code: 'custom', message: 'Each figure can be shown once.' });
    }),
});

/** What the investor's pages follow: each table's columns and the headline figures. */
export const portfolioLayoutSchema = z.object({
  tables: z.array(z.object({ id: z.number().int(), key: z.enum(['holdings', 'funds']), columns: z.array(portfolioColumnSchema) })),
  stats: z.array(z.enum(STAT_NAMES)),
});
export type PortfolioLayout = z.infer<typeof portfolioLayoutSchema>;

import { PORTFOLIO_STATS, type PortfolioStat, type Terminology } from '@platform/domain';
import { formatAmount, formatMultiple } from '../../../app/format';
import type { PortfolioTotals } from '../api/portfolio';

/** Gains and losses read at 4.5:1 on white (WCAG AA). */
export const gainColour = (gain: string) => (gain.startsWith('-') ? 'red.9' : Number(gain) > 0 ? 'teal.9' : undefined);

type StatFigure = { value: string; colour?: string };

/** Each headline figure of a currency's totals; `realised` only once something has been sold. */
const STAT_FIGURES: Record<PortfolioStat, (totals: PortfolioTotals) => StatFigure | null> = {
  invested: (t) => ({ value: formatAmount(t.cost, t.currency) }),
  current_value: (t) => ({ value: formatAmount(t.current_value, t.currency) }),
  realised: (t) => (Number(t.realised) > 0 ? { value: formatAmount(t.realised, t.currency) } : null),
  gain: (t) => ({ value: formatAmount(t.gain, t.currency), colour: gainColour(t.gain) }),
  multiple: (t) => ({ value: formatMultiple(t.multiple) }),
};

/** The headline figures staff chose (portfolio-stats settings), in their order, named by the terminology. */
export function statFigures(stats: readonly PortfolioStat[], totals: PortfolioTotals, terms: Terminology) {
  return stats.flatMap((stat) => {
    const figure = STAT_FIGURES[stat](totals);
    return figure ? [{ key: stat, label: terms[PORTFOLIO_STATS[stat]], ...figure }] : [];
  });
}

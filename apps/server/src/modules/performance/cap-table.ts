import Decimal from 'decimal.js';
import {
  asOfQuery,
  capTablePerformanceSchema,
  capTableSchema,
  dataOf,
  HOLDER_TYPE_LABELS,
  idParams,
  toAmount,
  valueHolding,
} from '@platform/domain';
import type { App, AppContext } from '../../platform/context';
import { authorizeOpportunities } from '../../shared/opportunity-access';
import { opportunityForTab } from '../../shared/opportunity-tabs';
import { loadPriceHistories } from './history';
import { loadCompanyHolders, presentFigures, sharesHeld, type CompanyHolder } from './holders';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function holderIdentity(h: CompanyHolder) {
  return {
    key: h.key,
    user_id: h.userId,
    name: h.name,
    holder_type: h.holderType,
    holder_type_label: HOLDER_TYPE_LABELS[h.holderType],
    held_through: h.heldThrough,
    organisation_id: h.organisationId,
    investment_method_entity_id: h.investmentMethodEntityId,
    nominee_id: h.nomineeId,
  };
}

/** A share of a whole as a percentage to 2 dp (half-up); null when there is no whole. */
function percentOf(part: Decimal, whole: Decimal | null): string | null {
  if (!whole || whole.isZero()) return null;
  return part.times(100).div(whole).toFixed(2, Decimal.ROUND_HALF_UP);
}

/**
 * The cap table of an existing investment (spec §2.2 cap-table and cap-table-performance, with
 * `cap_table_enabled`): every holder on the register with shares, their share of what the
 * platform's holders own (and of the company when a valuation gives its shares outstanding), cost;
 * and each holder's returns by the same arithmetic as the Performance tab (decision 0006).
 */
export function registerCapTableRoutes(app: App, { db, clock }: AppContext) {
  app.get(
    '/api/investment-opportunities/:id/cap-table',
    {
      schema: { params: idParams, querystring: asOfQuery, response: { 200: dataOf(capTableSchema) } },
      onRequest: authorizeOpportunities('show'),
    },
    async (request) => {
      const opportunity = await opportunityForTab(db, request, request.params.id, 'show', 'cap-table');
      const asOf = request.query.as_of ?? isoDay(clock.now());
      const [holders, histories] = await Promise.all([loadCompanyHolders(db, opportunity.id), loadPriceHistories(db, [opportunity.id])]);
      const shares = (h: CompanyHolder) => sharesHeld(h.flows, asOf);
      const cost = (h: CompanyHolder) => h.flows.investments.reduce((sum, i) => sum.plus(i.amount), new Decimal(0));
      const totalShares = holders.reduce((sum, h) => sum.plus(shares(h)), new Decimal(0));
      const valuation = [...(histories.get(opportunity.id)?.valuations ?? [])].filter((v) => v.date <= asOf).at(-1);
      const outstanding = valuation ? new Decimal(valuation.sharesOutstanding) : null;
      return {
        data: {
          opportunity_id: opportunity.id,
          currency: opportunity.currency,
          as_of: asOf,
          shares_outstanding: valuation ? { date: valuation.date, shares: outstanding!.toFixed(6) } : null,
          total: {
            holders: holders.length,
            shares: totalShares.toFixed(6),
            cost: toAmount(holders.reduce((sum, h) => sum.plus(cost(h)), new Decimal(0))),
            percent_of_company: percentOf(totalShares, outstanding),
          },
          holders: holders.map((h) => ({
            ...holderIdentity(h),
            shares: shares(h).toFixed(6),
            cost: toAmount(cost(h)),
            percent_of_holders: percentOf(shares(h), totalShares),
            percent_of_company: percentOf(shares(h), outstanding),
          })),
        },
      };
    },
  );

  app.get(
    '/api/investment-opportunities/:id/cap-table-performance',
    {
      schema: { params: idParams, querystring: asOfQuery, response: { 200: dataOf(capTablePerformanceSchema) } },
      onRequest: authorizeOpportunities('show'),
    },
    async (request) => {
      const opportunity = await opportunityForTab(db, request, request.params.id, 'show', 'cap-table-performance');
      const asOf = request.query.as_of ?? isoDay(clock.now());
      const [holders, histories] = await Promise.all([loadCompanyHolders(db, opportunity.id), loadPriceHistories(db, [opportunity.id])]);
      const history = histories.get(opportunity.id)!;
      const all = { investments: holders.flatMap((h) => h.flows.investments), realisations: holders.flatMap((h) => h.flows.realisations) };
      return {
        data: {
          opportunity_id: opportunity.id,
          currency: opportunity.currency,
          as_of: asOf,
          total: holders.length ? presentFigures(valueHolding(all, history, asOf)) : null,
          holders: holders.map((h) => ({ ...holderIdentity(h), ...presentFigures(valueHolding(h.flows, history, asOf)) })),
        },
      };
    },
  );
}

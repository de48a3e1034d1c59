import Decimal from 'decimal.js';
import { and, asc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { LEDGER_KIND_LABELS, type HolderType, resolveTerminology, Role, toAmount } from '@platform/domain';
import type { Db } from '../../db/client';
import {
  investmentMethodEntities,
  investmentMethods,
  investmentOpportunities,
  investments,
  nominees,
  organisations,
  users,
} from '../../db/schema';
import { notFound } from '../../platform/errors';
import { flagOn, loadSettings } from '../../shared/settings';
import { investorFundList, investorLedgerEntries } from '../funds';
import { loadPortfolio } from '../investments';
import { heldThroughName, loadRealisations } from '../performance';

/**
 * An investor's statement (the spec's portfolio report, decision 0029): holdings as at a day,
 * totals per currency and the transactions of a period. Every figure of a holding comes from the
 * services behind the investor's own pages — `loadPortfolio` for companies (decision 0006) and
 * `investorFundList` for fund positions — so a statement and the portfolio page never disagree.
 * Here they are only put side by side and summed per currency.
 */
export interface StatementHolding {
  kind: 'Company' | 'Fund';
  name: string;
  detail: string;
  holder: string;
  currency: string;
  /** Shares held in a company, units in a fund. */
  quantity: string | null;
  cost: string;
  value: string;
  /** True where the value is the cost (no price or NAV to value it at). */
  atCost: boolean;
  realised: string;
  gain: string;
}

export interface StatementTotal {
  currency: string;
  cost: string;
  value: string;
  realised: string;
  gain: string;
}

export interface StatementTransaction {
  date: string;
  type: string;
  name: string;
  holder: string;
  currency: string;
  amount: string;
  quantity: string | null;
}

export interface Statement {
  firm: string;
  investor: { id: number; name: string; email: string };
  asAt: string;
  from: string;
  generatedAt: Date;
  holdings: StatementHolding[];
  totals: StatementTotal[];
  transactions: StatementTransaction[];
}

const PERSONAL = 'Personal';
const investedOn = sql<string>`to_char((coalesce(${investments.paidAt}, ${investments.createdAt}) at time zone 'UTC')::date, 'YYYY-MM-DD')`;

/** The investor's held investments made by `asAt`, each with the name of what they hold through. */
async function heldInvestments(db: Db, investorId: number, asAt: string) {
  const rows = await db
    .select({
      opportunityId: investments.opportunityId,
      opportunityName: investmentOpportunities.name,
      investedOn,
      amount: investments.amount,
      currency: investments.currency,
      shares: investments.shares,
      holderType: investments.holderType,
      organisation: organisations.name,
      method: investmentMethods.name,
      methodReference: investmentMethodEntities.reference,
      nominee: nominees.name,
    })
    .from(investments)
    .innerJoin(investmentOpportunities, eq(investmentOpportunities.id, investments.opportunityId))
    .leftJoin(organisations, eq(organisations.id, investments.organisationId))
    .leftJoin(investmentMethodEntities, eq(investmentMethodEntities.id, investments.investmentMethodEntityId))
    .leftJoin(investmentMethods, eq(investmentMethods.id, investmentMethodEntities.investmentMethodId))
    .leftJoin(nominees, eq(nominees.id, investments.nomineeId))
    .where(
      and(
        eq(investments.userId, investorId),
        inArray(investments.status, ['paid', 'completed']),
        ne(investments.type, 'private_manual'),
        isNull(investments.deletedAt),
        isNull(investmentOpportunities.deletedAt),
        lte(investedOn, asAt),
      ),
    )
    .orderBy(asc(investedOn), asc(investments.id));
  return rows.map((r) => ({ ...r, holder: heldThroughName(r.holderType as HolderType, r) ?? PERSONAL }));
}

function addTo(totals: Map<string, { cost: Decimal; value: Decimal; realised: Decimal }>, h: StatementHolding) {
  const t = totals.get(h.currency) ?? { cost: new Decimal(0), value: new Decimal(0), realised: new Decimal(0) };
  totals.set(h.currency, { cost: t.cost.plus(h.cost), value: t.value.plus(h.value), realised: t.realised.plus(h.realised) });
}

/** The investor a statement is for: a live investor account, or 404. */
export async function findStatementInvestor(db: Db, id: number) {
  const [investor] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, id), eq(users.roleId, Role.User), isNull(users.deletedAt)));
  if (!investor) throw notFound('investor');
  return investor;
}

export async function buildStatement(
  db: Db,
  investor: { id: number; name: string; email: string },
  period: { asAt: string; from: string },
  generatedAt: Date,
): Promise<Statement> {
  const { asAt, from } = period;
  const settings = await loadSettings(db);
  const withFunds = flagOn(settings, 'funds_enabled');
  const [portfolio, held, realisations, funds, ledger] = await Promise.all([
    loadPortfolio(db, investor.id, new Date(`${asAt}T23:59:59.999Z`), asAt),
    heldInvestments(db, investor.id, asAt),
    loadRealisations(db, { userId: investor.id }),
    withFunds ? investorFundList(db, investor.id, asAt) : Promise.resolve([]),
    withFunds ? investorLedgerEntries(db, investor.id, from, asAt) : Promise.resolve([]),
  ]);

  const holdersOf = (opportunityId: number) =>
    [...new Set(held.filter((i) => i.opportunityId === opportunityId).map((i) => i.holder))].join(', ') || PERSONAL;
  const holdings: StatementHolding[] = [
    ...portfolio.data.map((h) => ({
      kind: 'Company' as const,
      name: h.opportunity.name,
      detail: h.opportunity.company_name,
      holder: holdersOf(h.opportunity_id),
      currency: h.currency,
      quantity: h.shares,
      cost: h.cost,
      value: h.current_value,
      atCost: h.valued_at === 'cost',
      realised: h.realised,
      gain: h.gain,
    })),
    ...funds.map((f) => {
      const returned = toAmount(new Decimal(f.position.distributions).plus(f.position.redemptions));
      // A fund without a NAV yet is held at what was paid in, as a company without a price is held at cost.
      const value = f.position.value ?? f.position.paid_in;
      return {
        kind: 'Fund' as const,
        name: f.name,
        detail: `${f.type}, vintage ${f.vintage}`,
        holder: PERSONAL,
        currency: f.currency,
        quantity: f.position.units,
        cost: f.position.paid_in,
        value,
        atCost: f.position.value === null,
        realised: returned,
        gain: f.position.gain ?? toAmount(new Decimal(value).plus(returned).minus(f.position.paid_in)),
      };
    }),
  ];

  const sums = new Map<string, { cost: Decimal; value: Decimal; realised: Decimal }>();
  for (const h of holdings) addTo(sums, h);
  const totals = [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, t]) => ({
      currency,
      cost: toAmount(t.cost),
      value: toAmount(t.value),
      realised: toAmount(t.realised),
      gain: toAmount(t.value.plus(t.realised).minus(t.cost)),
    }));

  const names = new Map(portfolio.data.map((h) => [h.opportunity_id, { name: h.opportunity.name, currency: h.currency }]));
  const transactions: StatementTransaction[] = [
    ...held
      .filter((i) => i.investedOn >= from)
      .map((i) => ({
        date: i.investedOn,
        type: 'Investment',
        name: i.opportunityName,
        holder: i.holder,
        currency: i.currency,
        amount: i.amount,
        quantity: i.shares,
      })),
    ...realisations
      .filter((r) => r.date >= from && r.date <= asAt && names.has(r.opportunityId))
      .map((r) => ({
        date: r.date,
        type: 'Realisation',
        name: names.get(r.opportunityId)!.name,
        holder: holdersOf(r.opportunityId),
        currency: names.get(r.opportunityId)!.currency,
        amount: r.proceeds,
        quantity: r.shares,
      })),
    ...ledger.map((e) => ({
      date: e.date,
      type: `Fund ${LEDGER_KIND_LABELS[e.kind].toLowerCase()}`,
      name: e.fund.name,
      holder: PERSONAL,
      currency: e.fund.currency,
      amount: e.amount,
      quantity: e.units,
    })),
  ].sort((a, b) => a.date.localeCompare(b.date));

  return {
    firm: resolveTerminology(settings.navigation).pageTitle,
    investor,
    asAt,
    from,
    generatedAt,
    holdings,
    totals,
    transactions,
  };
}

import Decimal from 'decimal.js';
import { and, asc, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import { HOLDER_TYPE_LABELS, type HoldingInvestment, type HoldingRealisation, type HolderType, type valueHolding } from '@platform/domain';
import type { Db } from '../../db/client';
import {
  holdingRealisations,
  investmentMethodEntities,
  investmentMethods,
  investments,
  nominees,
  organisations,
  users,
} from '../../db/schema';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The way one investor holds, as investments and realisations record it. */
export interface HolderLine {
  userId: number;
  holderType: string;
  organisationId: number | null;
  investmentMethodEntityId: number | null;
  nomineeId: number | null;
}

/** A register line's key, stable within a company: `userId:holderType:entityId`. */
export function holderKeyOf(line: HolderLine): string {
  return `${line.userId}:${line.holderType}:${line.organisationId ?? line.investmentMethodEntityId ?? line.nomineeId ?? 0}`;
}

/** One line of a company's register: an investor holding personally or through an organisation, an investment method or a nominee. */
export interface CompanyHolder {
  /** Stable within a company: `userId:holderType:entityId`. */
  key: string;
  userId: number;
  name: string;
  holderType: HolderType;
  organisationId: number | null;
  investmentMethodEntityId: number | null;
  nomineeId: number | null;
  /** The organisation, investment method or nominee's name; null when held personally. */
  heldThrough: string | null;
  flows: { investments: HoldingInvestment[]; realisations: HoldingRealisation[] };
}

/**
 * Paid and completed investments matching `where`, each with the names of who holds it and how
 * (organisation, method account, nominee), by investor name: the one read behind the register of
 * holders and the beneficial owners of a share issue.
 */
export function loadHeldInvestments(db: Db, where: SQL | undefined) {
  return db
    .select({
      investment: investments,
      name: users.name,
      organisation: organisations.name,
      method: investmentMethods.name,
      methodReference: investmentMethodEntities.reference,
      nominee: nominees.name,
    })
    .from(investments)
    .innerJoin(users, eq(users.id, investments.userId))
    .leftJoin(organisations, eq(organisations.id, investments.organisationId))
    .leftJoin(investmentMethodEntities, eq(investmentMethodEntities.id, investments.investmentMethodEntityId))
    .leftJoin(investmentMethods, eq(investmentMethods.id, investmentMethodEntities.investmentMethodId))
    .leftJoin(nominees, eq(nominees.id, investments.nomineeId))
    .where(and(where, inArray(investments.status, ['paid', 'completed']), isNull(investments.deletedAt)))
    .orderBy(asc(users.name), asc(investments.id));
}

/**
 * Who holds shares in a company: paid and completed investments with shares, grouped by investor
 * and the way they hold, with the shares each line has sold (the cap table, pre-emption
 * entitlements and per-holder performance all read this one register). A caller that has the
 * company's realisations already passes them.
 */
export async function loadCompanyHolders(
  db: Db,
  opportunityId: number,
  realisations?: Awaited<ReturnType<typeof loadRealisations>>,
): Promise<CompanyHolder[]> {
  const rows = await loadHeldInvestments(db, and(eq(investments.opportunityId, opportunityId), ne(investments.shares, '0')));
  const holders = new Map<string, CompanyHolder>();
  for (const r of rows) {
    const i = r.investment;
    if (!i.shares) continue;
    const holderType = i.holderType as HolderType;
    const key = holderKeyOf(i);
    let holder = holders.get(key);
    if (!holder) {
      holder = {
        key,
        userId: i.userId,
        name: r.name,
        holderType,
        organisationId: i.organisationId,
        investmentMethodEntityId: i.investmentMethodEntityId,
        nomineeId: i.nomineeId,
        heldThrough: heldThroughName(holderType, r),
        flows: { investments: [], realisations: [] },
      };
      holders.set(key, holder);
    }
    holder.flows.investments.push({ date: isoDay(i.paidAt ?? i.createdAt), amount: i.amount, shares: i.shares });
  }
  for (const r of realisations ?? (await loadRealisations(db, { opportunityId })))
    holders.get(holderKeyOf(r))?.flows.realisations.push(realisationFlow(r));
  return [...holders.values()];
}

/** Proceeds recorded for holders, oldest first: of one company, of one investor, or of one investor in one company. */
export function loadRealisations(db: Db, of: { opportunityId?: number; userId?: number }) {
  return db
    .select()
    .from(holdingRealisations)
    .where(
      and(
        of.opportunityId === undefined ? undefined : eq(holdingRealisations.opportunityId, of.opportunityId),
        of.userId === undefined ? undefined : eq(holdingRealisations.userId, of.userId),
        isNull(holdingRealisations.deletedAt),
      ),
    )
    .orderBy(asc(holdingRealisations.date), asc(holdingRealisations.id));
}

/** Shares a register line holds on `asOf` (every dated flow when absent): bought less sold. */
export function sharesHeld(flows: CompanyHolder['flows'], asOf = '9999-12-31'): Decimal {
  const bought = flows.investments.reduce((sum, i) => (i.date <= asOf ? sum.plus(i.shares) : sum), new Decimal(0));
  return flows.realisations.reduce((held, r) => (r.date <= asOf ? held.minus(r.shares) : held), bought);
}

export function realisationFlow(r: { date: string; proceeds: string; shares: string }): HoldingRealisation {
  return { date: r.date, proceeds: r.proceeds, shares: r.shares };
}

/** The name of what an investor holds through: the organisation, the investment method (with their reference) or the nominee. */
export function heldThroughName(
  type: HolderType,
  names: { organisation: string | null; method: string | null; methodReference: string | null; nominee: string | null },
): string | null {
  if (type === 'personal') return null;
  const method = names.method && (names.methodReference ? `${names.method} (${names.methodReference})` : names.method);
  return { organisation: names.organisation, investment_method: method, nominee: names.nominee }[type] ?? HOLDER_TYPE_LABELS[type];
}

/** A holding's figures as the API shows them (decision 0006 arithmetic). */
export function presentFigures(p: ReturnType<typeof valueHolding>) {
  return {
    cost: p.cost,
    shares_held: p.sharesHeld,
    current_value: p.currentValue,
    realised: p.realised,
    gain: p.gain,
    moic: p.moic,
    irr: p.irr,
    price: p.mark ? { date: p.mark.date, source: p.mark.source, price_per_share: p.mark.pricePerShare } : null,
  };
}

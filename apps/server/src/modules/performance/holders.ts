import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import { HOLDER_TYPE_LABELS, type HoldingFlows, type HoldingInvestment, type HolderType, type valueHolding } from '@platform/domain';
import type { Db } from '../../db/client';
import { investmentMethodEntities, investmentMethods, investments, nominees, organisations, users } from '../../db/schema';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

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
  flows: { investments: HoldingInvestment[]; realisations: HoldingFlows['realisations'] };
}

/**
 * Who holds shares in a company: paid and completed investments with shares, grouped by investor
 * and the way they hold (the cap table, pre-emption entitlements and per-holder performance all read
 * this one register).
 */
export async function loadCompanyHolders(db: Db, opportunityId: number): Promise<CompanyHolder[]> {
  const rows = await db
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
    .where(and(eq(investments.opportunityId, opportunityId), inArray(investments.status, ['paid', 'completed']), isNull(investments.deletedAt), ne(investments.shares, '0')))
    .orderBy(asc(users.name), asc(investments.id));
  const holders = new Map<string, CompanyHolder>();
  for (const r of rows) {
    const i = r.investment;
    if (!i.shares) continue;
    const holderType = i.holderType as HolderType;
    const key = `${i.userId}:${holderType}:${i.organisationId ?? i.investmentMethodEntityId ?? i.nomineeId ?? 0}`;
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
  return [...holders.values()];
}

/** The name of what an investor holds through: the organisation, the investment method (with their reference) or the nominee. */
export function heldThroughName(type: HolderType, names: { organisation: string | null; method: string | null; methodReference: string | null; nominee: string | null }): string | null {
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

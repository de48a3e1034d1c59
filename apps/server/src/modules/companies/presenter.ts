import { inArray } from 'drizzle-orm';
import { type Company, COMPANIES_LIST, type MaturityStatusEntry } from '@platform/domain';
import type { Db } from '../../db/client';
import { type fundInvestmentStatuses, type fundInvestments, funds, users } from '../../db/schema';
import { namesById } from '../../platform/lookup';

export type CompanyRow = typeof fundInvestments.$inferSelect;
export type MaturityStatusRow = typeof fundInvestmentStatuses.$inferSelect;

export const COMPANY_INCLUDES = COMPANIES_LIST.includes;

export function presentCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    fund_id: row.fundId,
    company_name: row.companyName,
    industry: row.industry,
    stage: row.stage,
    investment_date: row.investmentDate,
    cost: row.cost,
    current_valuation: row.currentValuation,
    valuation_date: row.valuationDate,
    maturity_status: row.maturityStatus,
    description: row.description,
    key_information: row.keyInformation,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The fund of each row, with its currency: a fund investment's amounts are in its fund's currency. */
async function fundsById(db: Db, ids: number[]) {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map<number, { id: number; name: string; currency: string }>();
  const rows = await db.select({ id: funds.id, name: funds.name, currency: funds.currency }).from(funds).where(inArray(funds.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Companies with their fund on request: one query for the whole page. */
export async function presentCompaniesWith(db: Db, rows: CompanyRow[], includes: ReadonlySet<string>): Promise<Company[]> {
  const fundsMap = includes.has('fund')
    ? await fundsById(
        db,
        rows.map((r) => r.fundId),
      )
    : null;
  return rows.map((row) => ({ ...presentCompany(row), ...(fundsMap ? { fund: fundsMap.get(row.fundId) ?? null } : {}) }));
}

export async function presentMaturityStatuses(db: Db, rows: MaturityStatusRow[]): Promise<MaturityStatusEntry[]> {
  const recorders = await namesById(
    db,
    users,
    rows.map((r) => r.recordedBy),
  );
  return rows.map((row) => ({
    id: row.id,
    fund_investment_id: row.fundInvestmentId,
    status: row.status,
    date: row.date,
    note: row.note,
    recorded_by: (row.recordedBy && recorders.get(row.recordedBy)) || null,
    created_at: row.createdAt.toISOString(),
  }));
}

import { and, desc, eq, isNull } from 'drizzle-orm';
import type { createCompanyBody, createMaturityStatusBody, updateCompanyBody } from '@platform/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { fundInvestmentStatuses, fundInvestments, funds } from '../../db/schema';
import { notFound, validationError } from '../../platform/errors';
import { sanitizeRichText } from '../../platform/sanitize';
import { assertListed } from '../lookups';
import type { CompanyRow, MaturityStatusRow } from './presenter';

type CreateCompanyInput = z.infer<typeof createCompanyBody>;
type UpdateCompanyInput = z.infer<typeof updateCompanyBody>;
type CreateMaturityStatusInput = z.infer<typeof createMaturityStatusBody>;

export async function findLiveCompany(db: Db, id: number): Promise<CompanyRow | undefined> {
  const [row] = await db
    .select()
    .from(fundInvestments)
    .where(and(eq(fundInvestments.id, id), isNull(fundInvestments.deletedAt)));
  return row;
}

/** Reads and locks a live company: status and edit writes of one company queue behind each other. */
export async function lockCompany(tx: Db, id: number): Promise<CompanyRow> {
  const [row] = await tx
    .select()
    .from(fundInvestments)
    .where(and(eq(fundInvestments.id, id), isNull(fundInvestments.deletedAt)))
    .for('update');
  if (!row) throw notFound('company');
  return row;
}

/** The fund a company is held by: a live fund. Locked shared, so it cannot be deleted meanwhile. */
async function liveFund(tx: Db, fundId: number) {
  const [fund] = await tx
    .select()
    .from(funds)
    .where(and(eq(funds.id, fundId), isNull(funds.deletedAt)))
    .for('share');
  if (!fund) throw validationError({ fund_id: ['Choose a fund.'] });
  return fund;
}

function companyColumns(input: UpdateCompanyInput): Partial<typeof fundInvestments.$inferInsert> {
  return {
    fundId: input.fund_id,
    companyName: input.company_name,
    industry: input.industry,
    stage: input.stage,
    investmentDate: input.investment_date,
    cost: input.cost,
    currentValuation: input.current_valuation,
    valuationDate: input.valuation_date,
    description: input.description,
    keyInformation:
      input.key_information === undefined || input.key_information === null
        ? input.key_information
        : sanitizeRichText(input.key_information),
  };
}

/** A valuation needs the date it was struck at, and that date cannot precede the investment. */
function assertValuationDates(row: { investmentDate: string | null; currentValuation: string | null; valuationDate: string | null }) {
  if (row.valuationDate && row.investmentDate && row.valuationDate < row.investmentDate) {
    throw validationError({ valuation_date: ['The valuation date cannot be before the investment date.'] });
  }
  if (row.valuationDate && row.currentValuation === null)
    throw validationError({ current_valuation: ['Enter the valuation this date belongs to.'] });
}

export async function createCompany(
  tx: Db,
  input: CreateCompanyInput,
  recordedBy: number | null,
  today: string,
): Promise<{ company: CompanyRow; status: MaturityStatusRow }> {
  await liveFund(tx, input.fund_id);
  await assertListed(tx, 'industries', 'industry', input.industry);
  const { maturity_status: status = 'active', ...fields } = input;
  const columns = { ...companyColumns(fields), fundId: input.fund_id, companyName: input.company_name, cost: input.cost };
  assertValuationDates({
    investmentDate: columns.investmentDate ?? null,
    currentValuation: columns.currentValuation ?? null,
    valuationDate: columns.valuationDate ?? null,
  });
  const [company] = await tx
    .insert(fundInvestments)
    .values({ ...columns, maturityStatus: status })
    .returning();
  const [first] = await tx
    .insert(fundInvestmentStatuses)
    .values({
      fundInvestmentId: company.id,
      status,
      date: company.investmentDate && company.investmentDate <= today ? company.investmentDate : today,
      recordedBy,
    })
    .returning();
  return { company, status: first };
}

export async function updateCompany(tx: Db, before: CompanyRow, input: UpdateCompanyInput, now: Date): Promise<CompanyRow> {
  if (input.fund_id !== undefined && input.fund_id !== before.fundId) {
    const [current, next] = await Promise.all([
      tx.select({ currency: funds.currency }).from(funds).where(eq(funds.id, before.fundId)),
      liveFund(tx, input.fund_id),
    ]);
    // Cost and valuation are in the fund's currency: moving them to another currency would relabel them.
    if (current[0]?.currency !== next.currency)
      throw validationError({ fund_id: ['Choose a fund in the same currency: the amounts are in that currency.'] });
  }
  await assertListed(tx, 'industries', 'industry', input.industry, before.industry);
  const columns = companyColumns(input);
  assertValuationDates({
    investmentDate: columns.investmentDate === undefined ? before.investmentDate : columns.investmentDate,
    currentValuation: columns.currentValuation === undefined ? before.currentValuation : columns.currentValuation,
    valuationDate: columns.valuationDate === undefined ? before.valuationDate : columns.valuationDate,
  });
  const [row] = await tx
    .update(fundInvestments)
    .set({ ...columns, updatedAt: now })
    .where(eq(fundInvestments.id, before.id))
    .returning();
  return row;
}

/**
 * Records a maturity status and copies the latest status of the history (by date; on a shared date
 * the one recorded last) onto the investment. A back-dated status joins the history without
 * changing the current status when a later one exists.
 */
export async function recordMaturityStatus(
  tx: Db,
  company: CompanyRow,
  input: CreateMaturityStatusInput,
  recordedBy: number | null,
  now: Date,
) {
  const [status] = await tx
    .insert(fundInvestmentStatuses)
    .values({ fundInvestmentId: company.id, status: input.status, date: input.date, note: input.note ?? null, recordedBy })
    .returning();
  const [latest] = await tx
    .select({ status: fundInvestmentStatuses.status })
    .from(fundInvestmentStatuses)
    .where(eq(fundInvestmentStatuses.fundInvestmentId, company.id))
    .orderBy(desc(fundInvestmentStatuses.date), desc(fundInvestmentStatuses.id))
    .limit(1);
  let after = company;
  if (latest.status !== company.maturityStatus) {
    [after] = await tx
      .update(fundInvestments)
      .set({ maturityStatus: latest.status, updatedAt: now })
      .where(eq(fundInvestments.id, company.id))
      .returning();
  }
  return { status, before: company, after };
}

export async function listMaturityStatuses(db: Db, companyId: number): Promise<MaturityStatusRow[]> {
  return db
    .select()
    .from(fundInvestmentStatuses)
    .where(eq(fundInvestmentStatuses.fundInvestmentId, companyId))
    .orderBy(desc(fundInvestmentStatuses.date), desc(fundInvestmentStatuses.id));
}

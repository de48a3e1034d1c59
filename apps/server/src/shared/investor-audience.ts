import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { isExistingInvestmentStatus, Role, type UpdateReportAudience } from '@platform/domain';
import type { Db } from '../db/client';
import { clientGroupMembers, clientGroups, funds, investmentOpportunities, investments, ledgers, users } from '../db/schema';

/**
 * Who something published to investors is for (decisions 0024, 0064): every investor, the holders
 * of a company or fund, or the members of chosen client groups — live investor accounts only. One
 * rule for update reports (fixed as recipients when published) and the document library (asked
 * each time an investor looks).
 */
export interface AudienceSource {
  audience: UpdateReportAudience | SQL;
  /** The existing investment whose holders are meant, or the fund; values or columns of the caller's row. */
  opportunityId: number | null | SQL;
  fundId: number | null | SQL;
  /** A query answering `group_id`: the client groups chosen. */
  groupIds: SQL;
}

/** Investments that make an investor a holder of a company, as their portfolio counts them. */
const HELD = sql`('paid', 'completed')`;

/** Whether `userId` (a value or column) is in the audience: a condition, to filter rows by or select from. */
export function inAudience(userId: number | SQL, source: AudienceSource): SQL {
  const { audience, opportunityId, fundId, groupIds } = source;
  return sql`exists (select 1 from ${users} u where u.id = ${userId} and u.role_id = ${Role.User} and u.deleted_at is null and (
    ${audience} = 'all'
    or (${audience} = 'groups' and exists (select 1 from ${clientGroupMembers} m
      join ${clientGroups} cg on cg.id = m.group_id and cg.deleted_at is null
      where m.user_id = u.id and m.group_id in (${groupIds})))
    or (${audience} = 'holders' and (
      exists (select 1 from ${investments} i where i.user_id = u.id and i.opportunity_id = ${opportunityId}
        and i.status in ${HELD} and i.deleted_at is null)
      or exists (select 1 from ${ledgers} l where l.investor_id = u.id and l.fund_id = ${fundId} and l.deleted_at is null)))))`;
}

/** The audience as a query answering `user_id`, for a fan-out in one statement. */
export function audienceMembers(source: AudienceSource): SQL {
  return sql`select a.id as user_id from ${users} a where ${inAudience(sql`a.id`, source)}`;
}

/**
 * What is wrong with an audience as a whole, by field: the company is an existing investment, the
 * fund and groups exist, holders name a company or fund and groups at least one group. `purpose`
 * ends the holders message ("whose holders receive the update").
 */
export async function audienceErrors(
  db: Db,
  draft: { audience: UpdateReportAudience; opportunityId: number | null; fundId: number | null; groupIds: number[] },
  purpose: string,
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  if (draft.opportunityId !== null && draft.fundId !== null) errors.fund_id = ['Choose a company or a fund, not both.'];
  if (draft.opportunityId !== null) {
    const [company] = await db
      .select({ status: investmentOpportunities.status })
      .from(investmentOpportunities)
      .where(and(eq(investmentOpportunities.id, draft.opportunityId), isNull(investmentOpportunities.deletedAt)));
    if (!company || !isExistingInvestmentStatus(company.status)) errors.opportunity_id = ['Choose an existing investment.'];
  }
  if (draft.fundId !== null) {
    const [fund] = await db
      .select({ id: funds.id })
      .from(funds)
      .where(and(eq(funds.id, draft.fundId), isNull(funds.deletedAt)));
    if (!fund) errors.fund_id = ['Choose a fund.'];
  }
  if (draft.audience === 'holders' && draft.opportunityId === null && draft.fundId === null)
    errors.audience = [`Choose the company or fund whose holders ${purpose}.`];
  if (draft.audience === 'groups') {
    if (!draft.groupIds.length) errors.client_group_ids = ['Choose at least one client group.'];
    else {
      const found = await db
        .select({ id: clientGroups.id })
        .from(clientGroups)
        .where(and(inArray(clientGroups.id, draft.groupIds), isNull(clientGroups.deletedAt)));
      if (found.length !== new Set(draft.groupIds).size) errors.client_group_ids = ['Choose client groups from the list.'];
    }
  }
  return errors;
}

import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  can,
  isRecordSubjectType,
  LIBRARY_ID,
  OPPORTUNITY_PERMISSION_EVENT,
  RECORD_SUBJECTS,
  recordAdminPath,
  Role,
  type ClientFlags,
  type RecordSubjectType,
} from '@platform/domain';
import type { Db } from '../../db/client';
import {
  contacts,
  fundInvestments,
  funds,
  investmentMethods,
  investmentOpportunities,
  nominees,
  organisations,
  pipelineDeals,
  updateReports,
  users,
} from '../../db/schema';

/**
 * The business records a search result or a feed entry can point at, by their subject type
 * (`RECORD_SUBJECTS`): where each lives, the column that names it and what makes it live (not
 * soft-deleted; an investor is a user with the investor role).
 */
interface SubjectSource {
  table: PgTable;
  id: AnyPgColumn;
  name: AnyPgColumn;
  live: SQL;
}

/** The library is one record, not a row of a table (decision 0064). */
const SOURCES: Record<Exclude<RecordSubjectType, 'library'>, SubjectSource> = {
  investor: { table: users, id: users.id, name: users.name, live: and(eq(users.roleId, Role.User), isNull(users.deletedAt))! },
  contact: { table: contacts, id: contacts.id, name: contacts.name, live: isNull(contacts.deletedAt) },
  organisation: { table: organisations, id: organisations.id, name: organisations.name, live: isNull(organisations.deletedAt) },
  investment_method: {
    table: investmentMethods,
    id: investmentMethods.id,
    name: investmentMethods.name,
    live: isNull(investmentMethods.deletedAt),
  },
  nominee: { table: nominees, id: nominees.id, name: nominees.name, live: isNull(nominees.deletedAt) },
  pipeline_deal: { table: pipelineDeals, id: pipelineDeals.id, name: pipelineDeals.companyName, live: isNull(pipelineDeals.deletedAt) },
  opportunity: {
    table: investmentOpportunities,
    id: investmentOpportunities.id,
    name: investmentOpportunities.name,
    live: isNull(investmentOpportunities.deletedAt),
  },
  company: { table: fundInvestments, id: fundInvestments.id, name: fundInvestments.companyName, live: isNull(fundInvestments.deletedAt) },
  fund: { table: funds, id: funds.id, name: funds.name, live: isNull(funds.deletedAt) },
  update_report: { table: updateReports, id: updateReports.id, name: updateReports.title, live: isNull(updateReports.deletedAt) },
};

/** Types areas log their changes under that name a record subject ('user' is an investor's account). */
const LOGGED_AS: Record<string, RecordSubjectType> = { user: 'investor', fund_investment: 'company' };

/** The record subject a logged or attached type names, or null for one with no page (settings, a ledger line). */
export function subjectTypeOf(type: string): RecordSubjectType | null {
  if (isRecordSubjectType(type)) return type;
  return LOGGED_AS[type] ?? null;
}

/** The logged types that name a subject a role may see at all (before looking at the record). */
export function loggedTypesFor(roleId: number, flags: ClientFlags): string[] {
  const types = Object.keys(RECORD_SUBJECTS).filter((type) => typeMayBeVisible(roleId, type as RecordSubjectType, flags));
  return [
    ...types,
    ...Object.entries(LOGGED_AS)
      .filter(([, type]) => types.includes(type))
      .map(([logged]) => logged),
  ];
}

export function typeMayBeVisible(roleId: number, type: RecordSubjectType, flags: ClientFlags): boolean {
  if (type === 'fund' && !flags.enableFunds) return false;
  if (type === 'nominee' && !flags.enableNominee) return false;
  if (type === 'opportunity') return can(roleId, 'live_opportunities', 'show') || can(roleId, 'existing_opportunities', 'show');
  return can(roleId, RECORD_SUBJECTS[type], 'show');
}

export interface SubjectName {
  name: string;
  href: string;
}

/**
 * The live records of one type among `ids` that the role may open, with their names and pages.
 * A soft-deleted record, or an opportunity whose status puts it in an area the role may not see, is left out.
 */
export async function visibleSubjects(
  db: Db,
  roleId: number,
  flags: ClientFlags,
  type: RecordSubjectType,
  ids: number[],
): Promise<Map<number, SubjectName>> {
  const found = new Map<number, SubjectName>();
  if (!ids.length || !typeMayBeVisible(roleId, type, flags)) return found;
  if (type === 'library') {
    if (ids.includes(LIBRARY_ID)) found.set(LIBRARY_ID, { name: 'Document library', href: recordAdminPath(type, LIBRARY_ID)! });
    return found;
  }
  const source = SOURCES[type];
  if (type === 'opportunity') {
    const rows = await db
      .select({ id: investmentOpportunities.id, name: investmentOpportunities.name, status: investmentOpportunities.status })
      .from(investmentOpportunities)
      .where(and(inArray(investmentOpportunities.id, ids), source.live));
    for (const row of rows) {
      if (!can(roleId, OPPORTUNITY_PERMISSION_EVENT(row.status), 'show')) continue;
      found.set(row.id, { name: row.name, href: recordAdminPath(type, row.id, row.status)! });
    }
    return found;
  }
  const rows = (await db
    .select({ id: source.id, name: source.name })
    .from(source.table)
    .where(and(inArray(source.id, ids), source.live))) as Array<{ id: number; name: string }>;
  for (const row of rows) found.set(row.id, { name: row.name, href: recordAdminPath(type, row.id)! });
  return found;
}

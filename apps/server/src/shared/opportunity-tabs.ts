import type { FastifyRequest } from 'fastify';
import {
  can,
  isExistingInvestmentStatus,
  mayViewOpportunityTab,
  OPPORTUNITY_PERMISSION_EVENT,
  type Action,
  type OpportunityTab,
} from '@platform/domain';
import type { Db } from '../db/client';
import { AppError, forbidden, notFound } from '../platform/errors';
import { requireUser } from '../platform/guards';
import type { UserRow } from '../platform/session';
import { findOpportunity } from './opportunity-visibility';
import { flagOn, loadSettings } from './settings';

/**
 * The opportunity behind a tab of its staff page, once the caller may act on it (permission table)
 * and see that tab (spec §2.2: the Investment Manager sees no Performance or Notes of existing
 * items). Tabs of existing investments answer 404 on a live opportunity, cap-table tabs 404 while
 * `cap_table_enabled` is off and the tax relief tab while `tax_enabled` is off: for those the page has no such tab at all.
 */
export async function opportunityForTab(db: Db, request: FastifyRequest, opportunityId: number, action: Action, tab: OpportunityTab) {
  const user = requireUser(request);
  const row = await findOpportunity(db, opportunityId);
  if (!row) throw notFound('opportunity');
  if (!can(user.roleId, OPPORTUNITY_PERMISSION_EVENT(row.status), action)) throw forbidden();
  const existing = isExistingInvestmentStatus(row.status);
  const capTable = tab === 'cap-table' || tab === 'cap-table-performance' ? flagOn(await loadSettings(db), 'cap_table_enabled') : true;
  if (!capTable) throw new AppError('not_found', 'The cap table is not enabled.');
  const tax = tab === 'tax-relief' ? flagOn(await loadSettings(db), 'tax_enabled') : true;
  if (!tax) throw new AppError('not_found', 'Tax relief is not enabled.');
  const options = { existing, capTable, tax };
  // A tab the page never has for this opportunity is not found; one hidden from the role is refused.
  if (!mayViewOpportunityTab(null, tab, options)) throw new AppError('not_found', 'This opportunity has no such page.');
  if (!mayViewOpportunityTab(user.roleId, tab, options)) throw forbidden();
  return row;
}

/**
 * Notes, call logs and tasks of an existing investment are its Notes Calls and Tasks tab: refused
 * to a role that tab is hidden from (documents and folders have their own tab, shown to all).
 */
export async function guardOpportunityRecords(db: Db, user: UserRow, opportunityId: number, kind: string): Promise<void> {
  if (kind === 'document' || kind === 'folder') return;
  const row = await findOpportunity(db, opportunityId);
  if (
    row &&
    isExistingInvestmentStatus(row.status) &&
    !mayViewOpportunityTab(user.roleId, 'notes-calls-tasks', { existing: true, capTable: true })
  )
    throw forbidden();
}

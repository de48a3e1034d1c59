import { eq, inArray } from 'drizzle-orm';
import {
  CASH_CALL_STATE_LABELS,
  cashCallFigures,
  countryNamed,
  HOLDER_TYPE_LABELS,
  INVESTOR_CASH_CALL_LABELS,
  INVESTMENT_STATUS_LABELS,
  investmentCategory,
  investorStatusLabel,
  paysFromAbroad,
  type HolderType,
  type InvestmentHolder,
  type InvestmentStatus,
  type InvestorInvestment,
  type StaffInvestment,
  type ReliefScheme,
} from '@platform/domain';
import type { Db } from '../../db/client';
import {
  investmentMethodEntities,
  investmentMethods,
  investmentOpportunities,
  type investments,
  nominees,
  organisations,
  users,
} from '../../db/schema';
import { namesById } from '../../platform/lookup';
import { flagOn, type SettingsRow } from '../../shared/settings';
import type { OpportunityRow } from '../../shared/opportunity-visibility';
import { TERMS_ASKED_STATUSES } from '../../shared/term-conditions';

export type InvestmentRow = typeof investments.$inferSelect;

const iso = (value: Date | null) => value?.toISOString() ?? null;

/**
 * Where the investment's cash call stands on `today` (decision 0050): none before one is issued or
 * money comes in, nor once cancelled.
 */
function cashCallOf(row: InvestmentRow, today: string) {
  const figures = cashCallFigures(row.amount, row.receivedAmount, row.paymentDueOn, today);
  const open = row.status !== 'cancelled' && (row.cashCallAt !== null || row.status !== 'reserved' || Number(row.receivedAmount) > 0);
  return { figures, state: open ? figures.state : null };
}

/** Fields both sides see. */
function common(row: InvestmentRow, today: string) {
  const holderType = row.holderType as HolderType;
  const status = row.status as InvestmentStatus;
  const { figures, state } = cashCallOf(row, today);
  return {
    id: row.id,
    opportunity_id: row.opportunityId,
    holder_type: holderType,
    holder_type_label: HOLDER_TYPE_LABELS[holderType],
    organisation_id: row.organisationId,
    investment_method_entity_id: row.investmentMethodEntityId,
    nominee_id: row.nomineeId,
    ownership_shares: row.ownershipShares ?? null,
    type: row.type,
    status,
    status_label: INVESTMENT_STATUS_LABELS[status],
    amount: row.amount,
    currency: row.currency,
    share_price: row.sharePrice,
    shares: row.shares,
    terms_version: row.termsVersion,
    terms_accepted_at: iso(row.termsAcceptedAt),
    cash_call_at: iso(row.cashCallAt),
    paid_at: iso(row.paidAt),
    completed_at: iso(row.completedAt),
    cancelled_at: iso(row.cancelledAt),
    payment_due_on: row.paymentDueOn,
    amount_received: figures.received,
    amount_outstanding: figures.outstanding,
    amount_overpaid: figures.overpaid,
    cash_call_state: state,
    cash_call_state_label: state && CASH_CALL_STATE_LABELS[state],
    payment_sent: row.paymentSentAt
      ? { at: row.paymentSentAt.toISOString(), on: row.paymentSentOn, amount: row.paymentSentAmount, note: row.paymentSentNote }
      : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentInvestmentForStaff(row: InvestmentRow, today: string): StaffInvestment {
  return {
    ...common(row, today),
    user_id: row.userId,
    payment_reference: row.paymentReference,
    cancel_reason: row.cancelReason,
    created_by: row.createdBy,
    relief: row.relief as ReliefScheme | null,
    share_issue_id: row.shareIssueId,
  };
}

export type InvestorOpportunity = Pick<
  OpportunityRow,
  | 'id'
  | 'name'
  | 'slug'
  | 'currency'
  | 'status'
  | 'companyName'
  | 'bankAccountName'
  | 'bankSortCode'
  | 'bankAccountNumber'
  | 'bankIban'
  | 'bankBic'
  | 'termsVersion'
>;

/** The current version of the terms when this unpaid investment has not accepted it (decision 0053). */
function termsToAccept(row: InvestmentRow, opportunity: InvestorOpportunity, settings: SettingsRow): number | null {
  const current = opportunity.termsVersion;
  if (current === null || !flagOn(settings, 'investment_terms_enabled')) return null;
  const unpaid = (TERMS_ASKED_STATUSES as readonly string[]).includes(row.status);
  return unpaid && row.termsVersion !== current ? current : null;
}

/**
 * The account an investor pays into: the UK sort code and account number, or — with international
 * bank details on, for an investor who lives outside the UK, when the opportunity has an IBAN — the
 * IBAN and BIC (decision 0056).
 */
function payInto(opportunity: InvestorOpportunity, settings: SettingsRow, investorCountry: string | null) {
  const abroad =
    flagOn(settings, 'intl_bank_details_enabled') && opportunity.bankIban !== null && paysFromAbroad(countryNamed(investorCountry)?.code);
  return abroad
    ? { account_name: opportunity.bankAccountName, iban: opportunity.bankIban, bic: opportunity.bankBic }
    : { account_name: opportunity.bankAccountName, sort_code: opportunity.bankSortCode, account_number: opportunity.bankAccountNumber };
}

/**
 * What the investor sees of their own investment: the portal's category (spec §4) and how to pay.
 * The bank details and the reference are left out when the tenant hides them (spec §3 flags).
 */
export function presentInvestmentForInvestor(
  row: InvestmentRow,
  opportunity: InvestorOpportunity,
  settings: SettingsRow,
  today: string,
  investorCountry: string | null,
): InvestorInvestment {
  const hideBank = flagOn(settings, 'hide_bank_details');
  const hideReference = flagOn(settings, 'hide_payment_reference');
  const { state } = cashCallOf(row, today);
  return {
    ...common(row, today),
    cash_call_state_label: state && INVESTOR_CASH_CALL_LABELS[state],
    status_label: investorStatusLabel(row.status as InvestmentStatus, row.paymentSentAt !== null),
    category: investmentCategory(row.status as InvestmentStatus),
    ...(hideReference ? {} : { payment_reference: row.paymentReference }),
    cancel_reason: row.cancelReason,
    terms_to_accept: termsToAccept(row, opportunity, settings),
    opportunity: {
      id: opportunity.id,
      name: opportunity.name,
      slug: opportunity.slug,
      currency: opportunity.currency,
      status: opportunity.status,
      company_name: opportunity.companyName,
    },
    payment_instructions: {
      amount: row.amount,
      currency: row.currency,
      ...(hideBank ? {} : payInto(opportunity, settings, investorCountry)),
      ...(hideReference ? {} : { reference: row.paymentReference }),
    },
  };
}

export type HolderSummary = InvestmentHolder;

/** The holder of each investment, named: the investor, their organisation, method account or nominee. */
export async function holdersOf(db: Db, rows: InvestmentRow[]): Promise<Map<number, HolderSummary>> {
  const ids = (pick: (r: InvestmentRow) => number | null) => [...new Set(rows.map(pick).filter((id): id is number => id != null))];
  const entityIds = ids((r) => r.investmentMethodEntityId);
  const [people, orgs, noms, entities] = await Promise.all([
    namesById(
      db,
      users,
      rows.filter((r) => r.holderType === 'personal').map((r) => r.userId),
    ),
    namesById(
      db,
      organisations,
      ids((r) => r.organisationId),
    ),
    namesById(
      db,
      nominees,
      ids((r) => r.nomineeId),
    ),
    entityIds.length
      ? db
          .select({ id: investmentMethodEntities.id, method: investmentMethods.name, reference: investmentMethodEntities.reference })
          .from(investmentMethodEntities)
          .innerJoin(investmentMethods, eq(investmentMethods.id, investmentMethodEntities.investmentMethodId))
          .where(inArray(investmentMethodEntities.id, entityIds))
      : [],
  ]);
  const methodNames = new Map(entities.map((e) => [e.id, e.reference ? `${e.method} (${e.reference})` : e.method]));
  const result = new Map<number, HolderSummary>();
  for (const row of rows) {
    const [id, name] =
      row.holderType === 'organisation'
        ? [row.organisationId, row.organisationId ? orgs.get(row.organisationId)?.name : undefined]
        : row.holderType === 'investment_method'
          ? [row.investmentMethodEntityId, row.investmentMethodEntityId ? methodNames.get(row.investmentMethodEntityId) : undefined]
          : row.holderType === 'nominee'
            ? [row.nomineeId, row.nomineeId ? noms.get(row.nomineeId)?.name : undefined]
            : [row.userId, people.get(row.userId)?.name];
    result.set(row.id, { type: row.holderType, id: id ?? null, name: name ?? '' });
  }
  return result;
}

/** Staff rows with the relations asked for, each relation loaded once for the whole page. */
export async function presentInvestmentsWith(
  db: Db,
  rows: InvestmentRow[],
  includes: ReadonlySet<string>,
  today: string,
): Promise<StaffInvestment[]> {
  const userIds = [...new Set(rows.map((r) => r.userId))];
  const opportunityIds = [...new Set(rows.map((r) => r.opportunityId))];
  const [people, opportunities, holders] = await Promise.all([
    includes.has('user') && userIds.length
      ? db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, userIds))
      : null,
    includes.has('opportunity') && opportunityIds.length
      ? db
          .select({
            id: investmentOpportunities.id,
            name: investmentOpportunities.name,
            slug: investmentOpportunities.slug,
            status: investmentOpportunities.status,
            currency: investmentOpportunities.currency,
          })
          .from(investmentOpportunities)
          .where(inArray(investmentOpportunities.id, opportunityIds))
      : null,
    includes.has('holder') ? holdersOf(db, rows) : null,
  ]);
  const userById = new Map((people ?? []).map((u) => [u.id, u]));
  const opportunityById = new Map((opportunities ?? []).map((o) => [o.id, o]));
  return rows.map((row) => ({
    ...presentInvestmentForStaff(row, today),
    ...(includes.has('user') ? { user: userById.get(row.userId) ?? null } : {}),
    ...(includes.has('opportunity') ? { opportunity: opportunityById.get(row.opportunityId) ?? null } : {}),
    ...(holders ? { holder: holders.get(row.id) ?? null } : {}),
  }));
}

import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OwnershipShare } from '@platform/domain';
import { pipelineDeals } from './deals-funds';
import { holderColumns } from './people';
import { users } from './platform';
import { isoDate, money, timestamps, units } from './columns';

/**
 * Investment opportunities and the investments made into them (DOMAIN.md lifecycle steps 2–3).
 * Money is numeric(20,2) with the opportunity's currency; share prices and share counts
 * numeric(24,6). Rules about statuses and limits: docs/decisions/0008.
 */

export interface TeamMember {
  name: string;
  role: string;
  bio?: string;
}

export interface OpportunityKeyDate {
  label: string;
  date: string;
}

export const investmentOpportunities = pgTable(
  'investment_opportunities',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    status: integer('status').notNull().default(1),
    companyName: text('company_name').notNull(),
    type: text('type'),
    subType: text('sub_type'),
    industry: text('industry'),
    roundType: text('round_type'),
    category: text('category'),
    character: text('character'),
    currency: text('currency').notNull().default('GBP'),
    targetRaise: money('target_raise'),
    /** Days investors have to pay a cash call (decision 0050); null: CASH_CALL_PAYMENT_DAYS. */
    cashCallPaymentDays: integer('cash_call_payment_days'),
    /** The hard cap: committed money never passes it. Defaults to the target raise when unset. */
    maximumRaise: money('maximum_raise'),
    minimumInvestment: money('minimum_investment'),
    maximumInvestment: money('maximum_investment'),
    sharePrice: units('share_price'),
    preMoneyValuation: money('pre_money_valuation'),
    opensAt: isoDate('opens_at'),
    closesAt: isoDate('closes_at'),
    taxRelief: text('tax_relief').notNull().default('none'),
    /** Fees as shown to investors, e.g. "2% arrangement fee, 20% carry". */
    fees: text('fees'),
    summary: text('summary'),
    description: text('description'),
    keyPoints: jsonb('key_points').$type<string[]>().notNull().default([]),
    team: jsonb('team').$type<TeamMember[]>().notNull().default([]),
    keyDates: jsonb('key_dates').$type<OpportunityKeyDate[]>().notNull().default([]),
    marketSoundingRequired: boolean('market_sounding_required').notNull().default(false),
    /** The current version of its investment terms (table term_conditions), null before any is published. */
    termsVersion: integer('terms_version'),
    bankAccountName: text('bank_account_name'),
    bankSortCode: text('bank_sort_code'),
    bankAccountNumber: text('bank_account_number'),
    bankIban: text('bank_iban'),
    /** The BIC (SWIFT code) of the account, for investors paying from abroad (decision 0056). */
    bankBic: text('bank_bic'),
    /** Sum of committed investments, kept in step under the opportunity's row lock. */
    committedAmount: money('committed_amount').notNull().default('0'),
    sourceDealId: integer('source_deal_id').references(() => pipelineDeals.id),
    coverImage: text('cover_image'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('investment_opportunities_slug_unique').on(t.slug),
    index('investment_opportunities_status_idx').on(t.status, t.createdAt),
    index('investment_opportunities_name_idx').on(t.name),
    index('investment_opportunities_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('investment_opportunities_company_idx').on(t.companyName),
    index('investment_opportunities_company_trgm_idx').using('gin', sql`${t.companyName} gin_trgm_ops`),
    index('investment_opportunities_industry_idx').on(t.industry),
    index('investment_opportunities_closes_idx').on(t.closesAt),
    index('investment_opportunities_target_idx').on(t.targetRaise),
    index('investment_opportunities_created_idx').on(t.createdAt),
    index('investment_opportunities_deal_idx').on(t.sourceDealId),
    check('investment_opportunities_status', sql`${t.status} between 1 and 6`),
    check('investment_opportunities_cash_call_days', sql`${t.cashCallPaymentDays} between 1 and 365`),
    check('investment_opportunities_tax_relief', sql`${t.taxRelief} in ('EIS', 'SEIS', 'none')`),
    check(
      'investment_opportunities_committed',
      sql`${t.committedAmount} >= 0 and ${t.committedAmount} <= coalesce(${t.maximumRaise}, ${t.targetRaise}, ${t.committedAmount})`,
    ),
    check(
      'investment_opportunities_limits',
      sql`coalesce(${t.minimumInvestment}, 0) >= 0 and (${t.maximumInvestment} is null or ${t.maximumInvestment} >= coalesce(${t.minimumInvestment}, 0)) and (${t.maximumRaise} is null or ${t.targetRaise} is null or ${t.maximumRaise} >= ${t.targetRaise})`,
    ),
  ],
);

/** Investors invited to a Live - Internal opportunity. */
export const opportunityInvitations = pgTable(
  'opportunity_invitations',
  {
    id: serial('id').primaryKey(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => investmentOpportunities.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    invitedBy: integer('invited_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('opportunity_invitations_unique').on(t.opportunityId, t.userId),
    index('opportunity_invitations_user_idx').on(t.userId),
  ],
);

export const opportunityImages = pgTable(
  'opportunity_images',
  {
    id: serial('id').primaryKey(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => investmentOpportunities.id),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    caption: text('caption'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('opportunity_images_opportunity_idx').on(t.opportunityId, t.position)],
);

/** Q&A: an investor's (or staff member's) question on an opportunity, with replies. */
export const opportunityDiscussions = pgTable(
  'opportunity_discussions',
  {
    id: serial('id').primaryKey(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => investmentOpportunities.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    ...timestamps,
  },
  (t) => [index('opportunity_discussions_opportunity_idx').on(t.opportunityId, t.createdAt)],
);

export const discussionReplies = pgTable(
  'discussion_replies',
  {
    id: serial('id').primaryKey(),
    discussionId: integer('discussion_id')
      .notNull()
      .references(() => opportunityDiscussions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    ...timestamps,
  },
  (t) => [index('discussion_replies_discussion_idx').on(t.discussionId, t.createdAt)],
);

/**
 * Insider register: an investor's acceptance of market sounding (being wall-crossed) before seeing
 * an opportunity. Append-only — a trigger of migration 0006 refuses UPDATE and DELETE.
 */
export const marketSoundingAcceptances = pgTable(
  'market_sounding_acceptances',
  {
    id: serial('id').primaryKey(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => investmentOpportunities.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** What the investor was shown and accepted, word for word. */
    disclosedText: text('disclosed_text').notNull(),
    opportunityName: text('opportunity_name').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('market_sounding_acceptances_unique').on(t.opportunityId, t.userId),
    index('market_sounding_acceptances_accepted_idx').on(t.acceptedAt),
    index('market_sounding_acceptances_user_idx').on(t.userId),
  ],
);

/** One investor's commitment to an opportunity (DOMAIN.md lifecycle step 3). */
export const investments = pgTable(
  'investments',
  {
    id: serial('id').primaryKey(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => investmentOpportunities.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ...holderColumns(),
    /** A joint holding's holders and shares as chosen (decision 0054), the first being the holder above; null when held whole. */
    ownershipShares: jsonb('ownership_shares').$type<OwnershipShare[]>(),
    type: text('type').notNull().default('investor'),
    status: text('status').notNull().default('reserved'),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    sharePrice: units('share_price'),
    shares: units('shares'),
    paymentReference: text('payment_reference').notNull(),
    /** The latest version of the opportunity's terms the investor accepted for it, and when (decision 0053). */
    termsVersion: integer('terms_version'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    cashCallAt: timestamp('cash_call_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** Card payment session at the provider, when one was started. */
    paymentProviderRef: text('payment_provider_ref'),
    /**
     * The investor's own word that they have sent the money ("I've paid", decision 0040): when they
     * said so and, optionally, the day, amount and a note. Staff still confirm receipt (mark paid).
     */
    paymentSentAt: timestamp('payment_sent_at', { withTimezone: true }),
    paymentSentOn: isoDate('payment_sent_on'),
    paymentSentAmount: money('payment_sent_amount'),
    paymentSentNote: text('payment_sent_note'),
    /** The sum of received payments in the ledger (decision 0050), kept under the investment's row lock. */
    receivedAmount: money('received_amount').notNull().default('0'),
    /** The day the cash call is due: the opportunity's days after issue, or as staff moved it. */
    paymentDueOn: isoDate('payment_due_on'),
    /** The tax relief claimed on this investment (decision 0060); null until staff record it. */
    relief: text('relief'),
    /** The share issue the investment's shares came from (decision 0060). */
    shareIssueId: integer('share_issue_id').references(() => shareIssues.id),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('investments_payment_reference_unique').on(t.paymentReference),
    index('investments_share_issue_idx').on(t.shareIssueId),
    check('investments_relief', sql`${t.relief} in ('eis', 'seis', 'vct', 'none')`),
    index('investments_opportunity_status_idx').on(t.opportunityId, t.status),
    index('investments_user_idx').on(t.userId, t.opportunityId),
    index('investments_status_idx').on(t.status),
    index('investments_type_idx').on(t.type),
    index('investments_created_idx').on(t.createdAt),
    index('investments_amount_idx').on(t.amount),
    index('investments_organisation_idx').on(t.organisationId),
    index('investments_method_entity_idx').on(t.investmentMethodEntityId),
    index('investments_nominee_idx').on(t.nomineeId),
    index('investments_payment_provider_ref_idx').on(t.paymentProviderRef),
    // investments_held_idx (opportunity, user) INCLUDE (amount, shares, dates) of held rows, for the
    // whole book's performance: migration 0013, since the index builder cannot say INCLUDE.
    // investments_live_created_idx and investments_live_amount_idx (sort key desc, id) INCLUDE
    // (opportunity_id) of live rows, for the staff list's deep pages: migration 0057, the same reason.
    check('investments_amount_positive', sql`${t.amount} > 0`),
    check('investments_received_amount', sql`${t.receivedAmount} >= 0`),
    index('investments_payment_due_idx').on(t.paymentDueOn).where(sql`${t.status} = 'cash_call'`),
    // Money received this period on the admin overview (decision 0076): the day a held investment counts as received.
    index('investments_received_on_idx')
      .on(sql`coalesce(${t.paidAt}, ${t.createdAt})`)
      .where(sql`${t.status} in ('paid', 'completed') and ${t.deletedAt} is null`),
    // Bank-statement matching by amount (decision 0055): open calls by currency and what is still outstanding.
    index('investments_open_outstanding_idx')
      .on(t.currency, sql`(${t.amount} - ${t.receivedAmount})`)
      .where(sql`${t.status} = 'cash_call'`),
    check('investments_status', sql`${t.status} in ('reserved', 'cash_call', 'paid', 'completed', 'cancelled')`),
    check('investments_type', sql`${t.type} in ('investor', 'subsequent', 'org', 'pension', 'manual', 'private_manual')`),
    check(
      'investments_holder',
      sql`case ${t.holderType}
        when 'personal' then ${t.organisationId} is null and ${t.investmentMethodEntityId} is null and ${t.nomineeId} is null
        when 'organisation' then ${t.organisationId} is not null
        when 'investment_method' then ${t.investmentMethodEntityId} is not null
        when 'nominee' then ${t.nomineeId} is not null
        else false end`,
    ),
  ],
);

/**
 * A company's issues of shares (decision 0060): the day, class and price of the shares an
 * investment bought, the relief scheme the issue qualifies for and where its compliance statement
 * (EIS1/SEIS1) stands with HMRC. The relief holding period runs from the issue date.
 */
export const shareIssues = pgTable(
  'share_issues',
  {
    id: serial('id').primaryKey(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => investmentOpportunities.id),
    issuedOn: isoDate('issued_on').notNull(),
    shareClass: text('share_class').notNull(),
    pricePerShare: units('price_per_share').notNull(),
    scheme: text('scheme').notNull(),
    statementStatus: text('statement_status').notNull().default('not_submitted'),
    statementSubmittedOn: isoDate('statement_submitted_on'),
    hmrcReference: text('hmrc_reference'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('share_issues_opportunity_idx').on(t.opportunityId, t.issuedOn),
    check('share_issues_price_positive', sql`${t.pricePerShare} > 0`),
    check('share_issues_scheme', sql`${t.scheme} in ('eis', 'seis', 'vct', 'none')`),
    check('share_issues_statement_status', sql`${t.statementStatus} in ('not_submitted', 'submitted', 'authorised', 'rejected')`),
  ],
);

/**
 * A company's price history once it is held (DOMAIN.md lifecycle step 4): observed share prices,
 * valuations (priced per share by shares outstanding) and outcomes (exit, partial realisation at a
 * price; write-off at zero). The latest on or before a date values the holdings (decision 0006).
 */
export const sharePrices = pgTable(
  'share_prices',
  {
    id: serial('id').primaryKey(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => investmentOpportunities.id),
    date: isoDate('date').notNull(),
    price: units('price').notNull(),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('share_prices_opportunity_date_unique').on(t.opportunityId, t.date).where(sql`${t.deletedAt} is null`),
    check('share_prices_price', sql`${t.price} >= 0`),
  ],
);

export const companyValuations = pgTable(
  'company_valuations',
  {
    id: serial('id').primaryKey(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => investmentOpportunities.id),
    date: isoDate('date').notNull(),
    valuation: money('valuation').notNull(),
    sharesOutstanding: units('shares_outstanding').notNull(),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('company_valuations_opportunity_date_unique').on(t.opportunityId, t.date).where(sql`${t.deletedAt} is null`),
    check('company_valuations_positive', sql`${t.valuation} >= 0 and ${t.sharesOutstanding} > 0`),
  ],
);

export const COMPANY_OUTCOME_KINDS = ['exit', 'partial-realisation', 'write-off'] as const;

export const companyOutcomes = pgTable(
  'company_outcomes',
  {
    id: serial('id').primaryKey(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => investmentOpportunities.id),
    date: isoDate('date').notNull(),
    kind: text('kind', { enum: COMPANY_OUTCOME_KINDS }).notNull(),
    /** The deal price per share of an exit or partial realisation; none for a write-off. */
    price: units('price'),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('company_outcomes_opportunity_idx').on(t.opportunityId, t.date),
    check(
      'company_outcomes_kind',
      sql`case ${t.kind} when 'write-off' then ${t.price} is null when 'exit' then ${t.price} >= 0 when 'partial-realisation' then ${t.price} >= 0 else false end`,
    ),
  ],
);

/**
 * What a holder received for shares sold (an exit, a partial realisation, or a sale of their own):
 * the realised proceeds of decision 0006. One line of the register each — the investor and the way
 * they hold, as on their investments — so the cap table, a holder's figures and the book agree.
 * Recorded from an outcome for every holder at once (`outcomeId`) or one by one.
 */
export const holdingRealisations = pgTable(
  'holding_realisations',
  {
    id: serial('id').primaryKey(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => investmentOpportunities.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ...holderColumns(),
    outcomeId: integer('outcome_id').references(() => companyOutcomes.id),
    date: isoDate('date').notNull(),
    shares: units('shares').notNull(),
    proceeds: money('proceeds').notNull(),
    note: text('note'),
    createdBy: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('holding_realisations_opportunity_idx').on(t.opportunityId, t.userId).where(sql`${t.deletedAt} is null`),
    index('holding_realisations_user_idx').on(t.userId, t.opportunityId).where(sql`${t.deletedAt} is null`),
    index('holding_realisations_outcome_idx').on(t.outcomeId),
    check('holding_realisations_amounts', sql`${t.shares} > 0 and ${t.proceeds} >= 0`),
  ],
);

import { sql } from 'drizzle-orm';
import { type CategoryStatementOverrides, type CashCallReminderSchedule, DEFAULT_CASH_CALL_REMINDER_SCHEDULE } from '@platform/domain';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    roleId: integer('role_id').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    acceptedTermsVersion: integer('accepted_terms_version').notNull().default(0),
    avatar: text('avatar'),
    compliancePassed: boolean('compliance_passed').notNull().default(false),
    complianceTries: integer('compliance_tries').notNull().default(0),
    /** When the investor acknowledged the personalised risk warning (PS22/10), before a first investment. */
    riskWarningAcknowledgedAt: timestamp('risk_warning_acknowledged_at', { withTimezone: true }),
    /** The version and the personalised text of the risk warning the investor acknowledged. */
    riskWarningAcknowledgedVersion: integer('risk_warning_acknowledged_version'),
    riskWarningAcknowledgedText: text('risk_warning_acknowledged_text'),
    ownerId: integer('owner_id'),
    /** The investor's adviser: a member of staff with the Adviser role. */
    adviserId: integer('adviser_id'),
    phone: text('phone'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    postcode: text('postcode'),
    country: text('country'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    nationality: text('nationality'),
    /** Identity checks (KYC/AML): not_started, submitted (documents uploaded), verified, rejected. */
    kycStatus: text('kyc_status').notNull().default('not_started'),
    kycUpdatedAt: timestamp('kyc_updated_at', { withTimezone: true }),
    /**
     * The investor's latest categorisation (category and its status), copied from
     * investor_categorisations whenever one is declared, recorded or reviewed, so the investors
     * list can filter on it with an index.
     */
    investorCategory: text('investor_category'),
    categorisationStatus: text('categorisation_status'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_role_created_idx').on(t.roleId, t.createdAt),
    // The investors list's default order, covering the live rows' ids: a deep page reads it without
    // touching the table (an index-only scan), then loads only its 50 rows (decision 0044).
    index('users_live_role_created_idx').on(t.roleId, t.createdAt.desc().nullsFirst(), t.id).where(sql`${t.deletedAt} is null`),
    index('users_name_idx').on(t.name),
    index('users_created_idx').on(t.createdAt),
    index('users_kyc_status_idx').on(t.kycStatus),
    index('users_owner_idx').on(t.ownerId),
    index('users_adviser_idx').on(t.adviserId),
    index('users_last_login_idx').on(t.lastLoginAt),
    index('users_email_idx').on(t.email),
    index('users_category_idx').on(t.investorCategory, t.categorisationStatus),
    index('users_appropriateness_idx').on(t.compliancePassed, t.complianceTries),
    index('users_deleted_idx').on(t.deletedAt),
    // Trigram indexes serve the list's substring search (ILIKE '%…%') without a full scan.
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    /** What the owner's session list names a session by; the hash of the cookie never leaves the server. */
    id: serial('id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    uniqueIndex('sessions_id_unique').on(t.id),
  ],
);

/**
 * A user's authenticator app (TOTP, RFC 6238). The shared secret is encrypted with a key derived
 * from the app key (AES-256-GCM); `enabledAt` is null while enrolment waits for the first code.
 * `lastStep` is the time step of the last code accepted, so a code works once.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: integer('last_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes for when the authenticator is lost; only their SHA-256 is kept. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('two_factor_recovery_codes_user_idx').on(t.userId),
    uniqueIndex('two_factor_recovery_codes_hash_unique').on(t.userId, t.codeHash),
  ],
);

/** One-time tokens for password reset, invitations, e-mail changes and the second sign-in step; only a hash is stored. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** For an e-mail change: the new address, applied when the link sent to it is followed. */
    newEmail: text('new_email'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_tokens_hash_unique').on(t.tokenHash), index('user_tokens_user_idx').on(t.userId, t.purpose)],
);

/** The one settings row (id 1): branding, wording, terms and feature flags of spec §3. */
export const settings = pgTable('settings', {
  id: integer('id').primaryKey(),
  colors: text('colors').notNull(),
  navigation: text('navigation').notNull().default('{}'),
  termsVersion: integer('terms_version').notNull().default(1),
  termsFormat: text('terms_format').notNull().default('text'),
  termsText: text('terms_text').notNull().default(''),
  isCustomBranding: boolean('is_custom_branding').notNull().default(false),
  isTrial: boolean('is_trial').notNull().default(false),
  logo: text('logo'),
  logoAlt: text('logo_alt'),
  logoLight: text('logo_light'),
  favicon: text('favicon'),
  font: text('font'),
  /** An uploaded font file (branding/…) holding the `font` family; without one the font is the bundled Montserrat or the system's. */
  fontFile: text('font_file'),
  marketSoundingDescription: text('market_sounding_description'),
  riskWarningText: text('risk_warning_text'),
  appVersion: text('app_version').notNull().default('1.0'),
  supportEmail: text('support_email'),
  /** The firm's time zone, an IANA name: the staff digest goes out at 07:00 there (decision 0057). */
  timeZone: text('time_zone').notNull().default('Europe/London'),
  complianceTries: integer('compliance_tries').notNull().default(0),
  /** With `default_investor_associates` on, every new investor gets this owner and adviser. */
  defaultOwnerId: integer('default_owner_id'),
  defaultAdviserId: integer('default_adviser_id'),
  /** Investor settings (decision 0031): categorisation statements staff changed, by category. */
  categoryStatements: jsonb('category_statements').$type<CategoryStatementOverrides>().notNull().default({}),
  /** The personalised risk warning with {name}; null: PS22/10's own wording. Version raised on each change. */
  riskWarningTemplate: text('risk_warning_template'),
  riskWarningVersion: integer('risk_warning_version').notNull().default(1),
  /** The appropriateness test's rules: banks, pass mark (%), hours to wait after a fail, questions per attempt (null: all). */
  appropriatenessBankMode: text('appropriateness_bank_mode').notNull().default('single'),
  appropriatenessPassMark: integer('appropriateness_pass_mark').notNull().default(100),
  appropriatenessWaitHours: integer('appropriateness_wait_hours').notNull().default(24),
  appropriatenessQuestionsPerAttempt: integer('appropriateness_questions_per_attempt'),
  flags: jsonb('flags').$type<Record<string, boolean>>().notNull().default({}),
  /** Password Management (decision 0035): the shortest password accepted, sessions' lifetimes, 2FA for staff. */
  passwordMinLength: integer('password_min_length').notNull().default(12),
  sessionLifetimeMinutes: integer('session_lifetime_minutes').notNull().default(720),
  sessionIdleMinutes: integer('session_idle_minutes').notNull().default(30),
  requireStaffTwoFactor: boolean('require_staff_two_factor').notNull().default(false),
  /** When unpaid cash calls are reminded, in days from the due day (decision 0061). */
  cashCallReminderSchedule: jsonb('cash_call_reminder_schedule')
    .$type<CashCallReminderSchedule>()
    .notNull()
    .default(DEFAULT_CASH_CALL_REMINDER_SCHEDULE),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<{ message: string; icon: string; cta: string | null }>().notNull(),
    /** A staff notification's kind (decision 0040); null for the others. */
    kind: text('kind'),
    /** False when the user switched the bell off for the kind: kept for their e-mail digest only. */
    inBell: boolean('in_bell').notNull().default(true),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** A member of staff's choice for one kind of staff notification: in the bell, in the daily digest. No row: both on. */
export const staffNotificationSettings = pgTable(
  'staff_notification_settings',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    bell: boolean('bell').notNull().default(true),
    digest: boolean('digest').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_notification_settings_user_kind_unique').on(t.userId, t.kind)],
);

/** Each daily digest sent: one per user and day, so two instances' ticks never send it twice. */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    items: integer('items').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_digests_user_day_unique').on(t.userId, t.day)],
);

/** Mail queue: every message is written here first, then sent (or logged) by the worker. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.availableAt).where(sql`${t.status} in ('pending', 'sending')`)],
);

/** Who changed what, when: every mutation writes a row (append-only). */
export const activityLog = pgTable(
  'activity_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_subject_idx').on(t.subjectType, t.subjectId, t.createdAt),
    index('activity_actor_idx').on(t.actorId),
    // The dashboard's latest activity reads the newest entries first.
    index('activity_created_idx').on(t.createdAt, t.id),
  ],
);

/** Hit counters behind the rate limits, shared by every app instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * Answers to money-moving requests by the client's Idempotency-Key (decision 0019). A row is
 * claimed before the handler runs (status null) and completed with the answer; the unique index
 * makes the claim the one point where concurrent repeats meet.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method and route pattern, e.g. `POST /api/investments/investor`: a key is scoped to one. */
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    responseType: text('response_type'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_route_key_unique').on(t.userId, t.route, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/** Secrets the app generates for itself when none is configured (shared by all instances). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

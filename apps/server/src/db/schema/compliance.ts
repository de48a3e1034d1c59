import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ComplianceAttemptQuestion } from '@platform/domain';
import { users } from './platform';

/**
 * Compliance of DOMAIN.md: the appropriateness test (questions, options, attempts) and investor
 * categorisation with its approval. Attempts are kept, never edited: the last one decides the
 * 24-hour wait after a fail.
 */
export const complianceQuestions = pgTable(
  'compliance_questions',
  {
    id: serial('id').primaryKey(),
    /** 'a', or 'b' of the two FCA banks drawn alternately on retakes (decision 0031). */
    bank: text('bank').notNull().default('a'),
    question: text('question').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('compliance_questions_bank_position_idx').on(t.bank, t.position)],
);

export const complianceOptions = pgTable(
  'compliance_options',
  {
    id: serial('id').primaryKey(),
    questionId: integer('question_id')
      .notNull()
      .references(() => complianceQuestions.id),
    label: text('label').notNull(),
    correct: boolean('correct').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('compliance_options_question_idx').on(t.questionId, t.position)],
);

export const complianceAttempts = pgTable(
  'compliance_attempts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** question id → chosen option id */
    answers: jsonb('answers').$type<Record<string, number>>().notNull(),
    /**
     * The attempt as the investor took it (decision 0031): each question's text, the options shown
     * with which was right, the option chosen. Editing the bank later never changes it.
     */
    questions: jsonb('questions').$type<ComplianceAttemptQuestion[]>().notNull().default([]),
    bank: text('bank').notNull().default('a'),
    passMark: integer('pass_mark').notNull().default(100),
    score: integer('score').notNull(),
    total: integer('total').notNull(),
    passed: boolean('passed').notNull(),
    /** Staff reset (reset-appropriateness-test) closes earlier attempts without deleting them. */
    resetAt: timestamp('reset_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('compliance_attempts_user_idx').on(t.userId, t.createdAt)],
);

/**
 * An investor's declared FCA category (restricted, high-net-worth, sophisticated…) with the
 * statement they accepted; staff approve it when enableComplianceRequiresCategorisation is on.
 */
export const investorCategorisations = pgTable(
  'investor_categorisations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    category: text('category').notNull(),
    declaration: jsonb('declaration').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('pending'),
    declaredAt: timestamp('declared_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewNote: text('review_note'),
  },
  (t) => [index('investor_categorisations_user_idx').on(t.userId, t.declaredAt), index('investor_categorisations_status_idx').on(t.status)],
);

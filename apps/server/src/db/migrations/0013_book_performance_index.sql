-- The whole book's performance (GET /api/reports/portfolio-performance, decision 0017) sums every
-- held investment per holding (company, investor). This index holds exactly those rows, in that
-- order, with the columns the sums read: PostgreSQL answers from the index alone (no sort, no table
-- reads). Drizzle's index builder has no INCLUDE, hence a hand-written migration.
CREATE INDEX "investments_held_idx" ON "investments" ("opportunity_id", "user_id") INCLUDE ("amount", "shares", "paid_at", "created_at") WHERE "status" IN ('paid', 'completed') AND "deleted_at" IS NULL;

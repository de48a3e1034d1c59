-- The staff investments list at book size (decision 0075): a page's ids are read first, in the
-- list's order, walking one of these indexes; each holds the live rows in the order of a sort
-- (newest first, the default, and largest amount first), with the opportunity the list joins to
-- check its status, so a deep page's OFFSET steps over index entries, not whole rows.
-- Drizzle's index builder has no INCLUDE, hence a hand-written migration.
CREATE INDEX "investments_live_created_idx" ON "investments" ("created_at" DESC, "id") INCLUDE ("opportunity_id") WHERE "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "investments_live_amount_idx" ON "investments" ("amount" DESC, "id") INCLUDE ("opportunity_id") WHERE "deleted_at" IS NULL;

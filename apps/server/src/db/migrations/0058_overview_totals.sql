CREATE TABLE "investment_totals" (
	"opportunity_id" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"investments" bigint NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "investment_totals_opportunity_id_currency_status_pk" PRIMARY KEY("opportunity_id","currency","status")
);
--> statement-breakpoint
CREATE INDEX "investments_received_on_idx" ON "investments" USING btree (coalesce("paid_at", "created_at")) WHERE "investments"."status" in ('paid', 'completed') and "investments"."deleted_at" is null;--> statement-breakpoint
-- The overview's all-time money figures (decision 0076): each statement's change to live
-- investments, summed per opportunity, currency and status, is added to `investment_totals` in the
-- writing transaction. Statement-level with transition tables, so a bulk load or a bulk move adds
-- once per key; keys are written in order, so two transactions touching the same keys queue, never
-- deadlock; an update that changes none of the counted columns writes nothing. ENABLE ALWAYS: they
-- fire for bulk loads run as a replica too.
CREATE FUNCTION "investment_totals_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO investment_totals AS t (opportunity_id, currency, status, investments, amount)
      SELECT opportunity_id, currency, status, count(*), sum(amount) FROM new_rows WHERE deleted_at IS NULL
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (opportunity_id, currency, status)
      DO UPDATE SET investments = t.investments + excluded.investments, amount = t.amount + excluded.amount;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO investment_totals AS t (opportunity_id, currency, status, investments, amount)
      SELECT opportunity_id, currency, status, sum(n), sum(amount)
      FROM (
        SELECT opportunity_id, currency, status, 1 AS n, amount FROM new_rows WHERE deleted_at IS NULL
        UNION ALL
        SELECT opportunity_id, currency, status, -1, -amount FROM old_rows WHERE deleted_at IS NULL
      ) AS changes
      GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(amount) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (opportunity_id, currency, status)
      DO UPDATE SET investments = t.investments + excluded.investments, amount = t.amount + excluded.amount;
  ELSE
    INSERT INTO investment_totals AS t (opportunity_id, currency, status, investments, amount)
      SELECT opportunity_id, currency, status, -count(*), -sum(amount) FROM old_rows WHERE deleted_at IS NULL
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (opportunity_id, currency, status)
      DO UPDATE SET investments = t.investments + excluded.investments, amount = t.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "investments_totals_insert" AFTER INSERT ON "investments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION investment_totals_apply();--> statement-breakpoint
CREATE TRIGGER "investments_totals_update" AFTER UPDATE ON "investments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION investment_totals_apply();--> statement-breakpoint
CREATE TRIGGER "investments_totals_delete" AFTER DELETE ON "investments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION investment_totals_apply();--> statement-breakpoint
ALTER TABLE "investments" ENABLE ALWAYS TRIGGER "investments_totals_insert";--> statement-breakpoint
ALTER TABLE "investments" ENABLE ALWAYS TRIGGER "investments_totals_update";--> statement-breakpoint
ALTER TABLE "investments" ENABLE ALWAYS TRIGGER "investments_totals_delete";--> statement-breakpoint
-- What the book holds today; from here on the triggers keep it.
INSERT INTO "investment_totals" ("opportunity_id", "currency", "status", "investments", "amount")
  SELECT "opportunity_id", "currency", "status", count(*), sum("amount") FROM "investments" WHERE "deleted_at" IS NULL GROUP BY 1, 2, 3;

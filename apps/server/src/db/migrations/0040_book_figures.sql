CREATE TABLE "book_companies" (
	"opportunity_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"computed_version" bigint DEFAULT 0 NOT NULL,
	"currency" text,
	"holdings" integer DEFAULT 0 NOT NULL,
	"cost" numeric(20, 2) DEFAULT '0' NOT NULL,
	"current_value" numeric(20, 2) DEFAULT '0' NOT NULL,
	"realised" numeric(20, 2) DEFAULT '0' NOT NULL,
	"last_day" date,
	"mark_date" date,
	"mark_source" text,
	"mark_numerator" numeric,
	"mark_denominator" numeric
);
--> statement-breakpoint
CREATE TABLE "book_company_flows" (
	"opportunity_id" integer NOT NULL,
	"day" date NOT NULL,
	"paid_in" numeric(20, 2) NOT NULL,
	CONSTRAINT "book_company_flows_opportunity_id_day_pk" PRIMARY KEY("opportunity_id","day")
);
--> statement-breakpoint
CREATE TABLE "book_currency_flows" (
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"paid_in" numeric NOT NULL,
	CONSTRAINT "book_currency_flows_currency_day_pk" PRIMARY KEY("currency","day")
);
--> statement-breakpoint
ALTER TABLE "book_company_flows" ADD CONSTRAINT "book_company_flows_opportunity_id_book_companies_opportunity_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."book_companies"("opportunity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_companies_stale_idx" ON "book_companies" USING btree ("opportunity_id") WHERE "book_companies"."computed_version" <> "book_companies"."version";--> statement-breakpoint
-- Every write that changes a company's book figures marks them out of date in the same transaction
-- (decision 0047): statement-level triggers read the changed rows from transition tables, so a bulk
-- load bumps each company once. ENABLE ALWAYS: they fire for bulk loads run as a replica too.
-- Companies are bumped in id order, so two transactions touching the same companies queue, never deadlock.
CREATE FUNCTION "book_touch_records"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO book_companies (opportunity_id) SELECT DISTINCT opportunity_id FROM new_rows ORDER BY 1
      ON CONFLICT (opportunity_id) DO UPDATE SET version = book_companies.version + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO book_companies (opportunity_id)
      SELECT opportunity_id FROM new_rows UNION SELECT opportunity_id FROM old_rows ORDER BY 1
      ON CONFLICT (opportunity_id) DO UPDATE SET version = book_companies.version + 1;
  ELSE
    INSERT INTO book_companies (opportunity_id) SELECT DISTINCT opportunity_id FROM old_rows ORDER BY 1
      ON CONFLICT (opportunity_id) DO UPDATE SET version = book_companies.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only paid and completed investments are in the book: reservations come and go without touching it.
CREATE FUNCTION "book_touch_investments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO book_companies (opportunity_id)
      SELECT DISTINCT opportunity_id FROM new_rows WHERE status IN ('paid', 'completed') ORDER BY 1
      ON CONFLICT (opportunity_id) DO UPDATE SET version = book_companies.version + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO book_companies (opportunity_id)
      SELECT opportunity_id FROM new_rows WHERE status IN ('paid', 'completed')
      UNION SELECT opportunity_id FROM old_rows WHERE status IN ('paid', 'completed') ORDER BY 1
      ON CONFLICT (opportunity_id) DO UPDATE SET version = book_companies.version + 1;
  ELSE
    INSERT INTO book_companies (opportunity_id)
      SELECT DISTINCT opportunity_id FROM old_rows WHERE status IN ('paid', 'completed') ORDER BY 1
      ON CONFLICT (opportunity_id) DO UPDATE SET version = book_companies.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A company enters or leaves the book, or changes currency, with its opportunity's status, currency or deletion.
CREATE FUNCTION "book_touch_opportunities"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO book_companies (opportunity_id) SELECT id FROM new_rows ORDER BY 1 ON CONFLICT (opportunity_id) DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO book_companies (opportunity_id)
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.status, n.currency, n.deleted_at) IS DISTINCT FROM (o.status, o.currency, o.deleted_at) ORDER BY 1
      ON CONFLICT (opportunity_id) DO UPDATE SET version = book_companies.version + 1;
  ELSE
    UPDATE book_companies SET version = version + 1 WHERE opportunity_id IN (SELECT id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "investments_book_insert" AFTER INSERT ON "investments" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION book_touch_investments();--> statement-breakpoint
CREATE TRIGGER "investments_book_update" AFTER UPDATE ON "investments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION book_touch_investments();--> statement-breakpoint
CREATE TRIGGER "investments_book_delete" AFTER DELETE ON "investments" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION book_touch_investments();--> statement-breakpoint
CREATE TRIGGER "investment_opportunities_book_insert" AFTER INSERT ON "investment_opportunities" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION book_touch_opportunities();--> statement-breakpoint
CREATE TRIGGER "investment_opportunities_book_update" AFTER UPDATE ON "investment_opportunities" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION book_touch_opportunities();--> statement-breakpoint
CREATE TRIGGER "investment_opportunities_book_delete" AFTER DELETE ON "investment_opportunities" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION book_touch_opportunities();--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['share_prices', 'company_valuations', 'company_outcomes', 'holding_realisations'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION book_touch_records()', t || '_book_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION book_touch_records()', t || '_book_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION book_touch_records()', t || '_book_delete', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['investments', 'investment_opportunities', 'share_prices', 'company_valuations', 'company_outcomes', 'holding_realisations'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ALWAYS TRIGGER %I', t, t || '_book_insert');
    EXECUTE format('ALTER TABLE %I ENABLE ALWAYS TRIGGER %I', t, t || '_book_update');
    EXECUTE format('ALTER TABLE %I ENABLE ALWAYS TRIGGER %I', t, t || '_book_delete');
  END LOOP;
END $$;
--> statement-breakpoint
-- Every existing company starts out of date: the first report computes its figures.
INSERT INTO "book_companies" ("opportunity_id") SELECT "id" FROM "investment_opportunities";

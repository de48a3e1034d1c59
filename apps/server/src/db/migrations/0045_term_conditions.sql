CREATE TABLE "term_condition_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"term_condition_id" integer NOT NULL,
	"investment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"ip" text,
	"user_agent" text,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "term_conditions" (
	"id" serial PRIMARY KEY NOT NULL,
	"opportunity_id" integer NOT NULL,
	"version" integer NOT NULL,
	"body" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "term_conditions_version_check" CHECK ("term_conditions"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD COLUMN "terms_version" integer;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "terms_version" integer;--> statement-breakpoint
ALTER TABLE "term_condition_acceptances" ADD CONSTRAINT "term_condition_acceptances_term_condition_id_term_conditions_id_fk" FOREIGN KEY ("term_condition_id") REFERENCES "public"."term_conditions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_condition_acceptances" ADD CONSTRAINT "term_condition_acceptances_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_condition_acceptances" ADD CONSTRAINT "term_condition_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_conditions" ADD CONSTRAINT "term_conditions_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "term_conditions" ADD CONSTRAINT "term_conditions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "term_condition_acceptances_unique" ON "term_condition_acceptances" USING btree ("investment_id","term_condition_id");--> statement-breakpoint
CREATE INDEX "term_condition_acceptances_term_idx" ON "term_condition_acceptances" USING btree ("term_condition_id");--> statement-breakpoint
CREATE INDEX "term_condition_acceptances_user_idx" ON "term_condition_acceptances" USING btree ("user_id","accepted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "term_conditions_opportunity_version_unique" ON "term_conditions" USING btree ("opportunity_id","version");--> statement-breakpoint
-- Backfill: an opportunity's single terms text becomes its version 1, and every investment that
-- accepted terms keeps its time as an acceptance of that version.
INSERT INTO "term_conditions" ("opportunity_id", "version", "body", "created_at", "updated_at")
  SELECT "id", 1, "investment_terms", "updated_at", "updated_at" FROM "investment_opportunities"
  WHERE "investment_terms" IS NOT NULL AND btrim("investment_terms") <> '';--> statement-breakpoint
UPDATE "investment_opportunities" SET "terms_version" = 1
  WHERE "id" IN (SELECT "opportunity_id" FROM "term_conditions");--> statement-breakpoint
INSERT INTO "term_condition_acceptances" ("term_condition_id", "investment_id", "user_id", "accepted_at")
  SELECT t."id", i."id", i."user_id", i."terms_accepted_at" FROM "investments" i
  JOIN "term_conditions" t ON t."opportunity_id" = i."opportunity_id" AND t."version" = 1
  WHERE i."terms_accepted_at" IS NOT NULL;--> statement-breakpoint
UPDATE "investments" SET "terms_version" = 1
  WHERE "id" IN (SELECT "investment_id" FROM "term_condition_acceptances");--> statement-breakpoint
ALTER TABLE "investment_opportunities" DROP COLUMN "investment_terms";--> statement-breakpoint
-- A version an investor accepted is what they agreed to: it is never changed or removed, and an
-- acceptance is never rewritten.
CREATE FUNCTION refuse_accepted_term_condition_change() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM term_condition_acceptances a WHERE a.term_condition_id = OLD.id) THEN
    RAISE EXCEPTION 'Terms version % was accepted by an investor and cannot change', OLD.id
      USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER term_conditions_immutable_once_accepted
  BEFORE UPDATE OR DELETE ON term_conditions
  FOR EACH ROW EXECUTE FUNCTION refuse_accepted_term_condition_change();--> statement-breakpoint
CREATE FUNCTION refuse_term_condition_acceptance_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'Acceptances of terms are append-only'
    USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER term_condition_acceptances_append_only
  BEFORE UPDATE OR DELETE ON term_condition_acceptances
  FOR EACH ROW EXECUTE FUNCTION refuse_term_condition_acceptance_change();
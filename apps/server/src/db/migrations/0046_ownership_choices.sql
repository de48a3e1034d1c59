CREATE TABLE "ownership_choice_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"choice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"holder_type" text DEFAULT 'personal' NOT NULL,
	"organisation_id" integer,
	"investment_method_entity_id" integer,
	"nominee_id" integer,
	"percentage" numeric(7, 4) NOT NULL,
	CONSTRAINT "ownership_choice_shares_percentage" CHECK ("ownership_choice_shares"."percentage" > 0 and "ownership_choice_shares"."percentage" <= 100),
	CONSTRAINT "ownership_choice_shares_holder" CHECK (case "ownership_choice_shares"."holder_type"
        when 'personal' then "ownership_choice_shares"."organisation_id" is null and "ownership_choice_shares"."investment_method_entity_id" is null and "ownership_choice_shares"."nominee_id" is null
        when 'organisation' then "ownership_choice_shares"."organisation_id" is not null
        when 'investment_method' then "ownership_choice_shares"."investment_method_entity_id" is not null
        when 'nominee' then "ownership_choice_shares"."nominee_id" is not null
        else false end)
);
--> statement-breakpoint
CREATE TABLE "ownership_choices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "ownership_shares" jsonb;--> statement-breakpoint
ALTER TABLE "ownership_choice_shares" ADD CONSTRAINT "ownership_choice_shares_choice_id_ownership_choices_id_fk" FOREIGN KEY ("choice_id") REFERENCES "public"."ownership_choices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_choice_shares" ADD CONSTRAINT "ownership_choice_shares_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_choice_shares" ADD CONSTRAINT "ownership_choice_shares_investment_method_entity_id_investment_method_entities_id_fk" FOREIGN KEY ("investment_method_entity_id") REFERENCES "public"."investment_method_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_choice_shares" ADD CONSTRAINT "ownership_choice_shares_nominee_id_nominees_id_fk" FOREIGN KEY ("nominee_id") REFERENCES "public"."nominees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ownership_choices" ADD CONSTRAINT "ownership_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ownership_choice_shares_position" ON "ownership_choice_shares" USING btree ("choice_id","position");--> statement-breakpoint
CREATE INDEX "ownership_choice_shares_organisation_idx" ON "ownership_choice_shares" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "ownership_choice_shares_method_entity_idx" ON "ownership_choice_shares" USING btree ("investment_method_entity_id");--> statement-breakpoint
CREATE INDEX "ownership_choice_shares_nominee_idx" ON "ownership_choice_shares" USING btree ("nominee_id");--> statement-breakpoint
CREATE INDEX "ownership_choices_user_idx" ON "ownership_choices" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ownership_choices_one_default" ON "ownership_choices" USING btree ("user_id") WHERE "ownership_choices"."is_default";--> statement-breakpoint
-- A holder removed for good (a permanent delete) takes the saved choices that name it with it:
-- a choice missing a holder would no longer add up to 100%.
CREATE FUNCTION ownership_choices_forget_holder() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DELETE FROM ownership_choices WHERE id IN (SELECT choice_id FROM ownership_choice_shares WHERE %I = $1)', TG_ARGV[0]) USING OLD.id;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER organisations_forget_ownership_choices BEFORE DELETE ON organisations
  FOR EACH ROW EXECUTE FUNCTION ownership_choices_forget_holder('organisation_id');--> statement-breakpoint
CREATE TRIGGER investment_method_entities_forget_ownership_choices BEFORE DELETE ON investment_method_entities
  FOR EACH ROW EXECUTE FUNCTION ownership_choices_forget_holder('investment_method_entity_id');--> statement-breakpoint
CREATE TRIGGER nominees_forget_ownership_choices BEFORE DELETE ON nominees
  FOR EACH ROW EXECUTE FUNCTION ownership_choices_forget_holder('nominee_id');

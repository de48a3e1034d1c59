CREATE TABLE "holding_realisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"opportunity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"holder_type" text DEFAULT 'personal' NOT NULL,
	"organisation_id" integer,
	"investment_method_entity_id" integer,
	"nominee_id" integer,
	"outcome_id" integer,
	"date" date NOT NULL,
	"shares" numeric(24, 6) NOT NULL,
	"proceeds" numeric(20, 2) NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "holding_realisations_amounts" CHECK ("holding_realisations"."shares" > 0 and "holding_realisations"."proceeds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "holding_realisations" ADD CONSTRAINT "holding_realisations_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_realisations" ADD CONSTRAINT "holding_realisations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_realisations" ADD CONSTRAINT "holding_realisations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_realisations" ADD CONSTRAINT "holding_realisations_investment_method_entity_id_investment_method_entities_id_fk" FOREIGN KEY ("investment_method_entity_id") REFERENCES "public"."investment_method_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_realisations" ADD CONSTRAINT "holding_realisations_nominee_id_nominees_id_fk" FOREIGN KEY ("nominee_id") REFERENCES "public"."nominees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_realisations" ADD CONSTRAINT "holding_realisations_outcome_id_company_outcomes_id_fk" FOREIGN KEY ("outcome_id") REFERENCES "public"."company_outcomes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_realisations" ADD CONSTRAINT "holding_realisations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holding_realisations_opportunity_idx" ON "holding_realisations" USING btree ("opportunity_id","user_id") WHERE "holding_realisations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "holding_realisations_user_idx" ON "holding_realisations" USING btree ("user_id","opportunity_id") WHERE "holding_realisations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "holding_realisations_outcome_idx" ON "holding_realisations" USING btree ("outcome_id");
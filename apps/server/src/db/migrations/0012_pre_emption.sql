CREATE TABLE "pre_emption_entitlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"round_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"holder_type" text DEFAULT 'personal' NOT NULL,
	"organisation_id" integer,
	"investment_method_entity_id" integer,
	"nominee_id" integer,
	"shares_held" numeric(24, 6) NOT NULL,
	"entitled_shares" numeric(24, 6) NOT NULL,
	"entitled_amount" numeric(20, 2) NOT NULL,
	"choice" integer DEFAULT 5 NOT NULL,
	"requested_amount" numeric(20, 2),
	"requested_shares" numeric(24, 6),
	"chosen_by" integer,
	"chosen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pre_emption_entitlements_choice" CHECK ("pre_emption_entitlements"."choice" between 1 and 6),
	CONSTRAINT "pre_emption_entitlements_requested" CHECK (("pre_emption_entitlements"."choice" in (2, 3, 6)) = ("pre_emption_entitlements"."requested_amount" is not null and "pre_emption_entitlements"."requested_shares" is not null))
);
--> statement-breakpoint
CREATE TABLE "pre_emption_rounds" (
	"id" serial PRIMARY KEY NOT NULL,
	"opportunity_id" integer NOT NULL,
	"name" text NOT NULL,
	"price_per_share" numeric(24, 6) NOT NULL,
	"amount_available" numeric(20, 2) NOT NULL,
	"shares_offered" numeric(24, 6) NOT NULL,
	"deadline" date NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "pre_emption_rounds_positive" CHECK ("pre_emption_rounds"."price_per_share" > 0 and "pre_emption_rounds"."amount_available" > 0 and "pre_emption_rounds"."shares_offered" >= 0)
);
--> statement-breakpoint
ALTER TABLE "pre_emption_entitlements" ADD CONSTRAINT "pre_emption_entitlements_round_id_pre_emption_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."pre_emption_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_emption_entitlements" ADD CONSTRAINT "pre_emption_entitlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_emption_entitlements" ADD CONSTRAINT "pre_emption_entitlements_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_emption_entitlements" ADD CONSTRAINT "pre_emption_entitlements_investment_method_entity_id_investment_method_entities_id_fk" FOREIGN KEY ("investment_method_entity_id") REFERENCES "public"."investment_method_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_emption_entitlements" ADD CONSTRAINT "pre_emption_entitlements_nominee_id_nominees_id_fk" FOREIGN KEY ("nominee_id") REFERENCES "public"."nominees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_emption_entitlements" ADD CONSTRAINT "pre_emption_entitlements_chosen_by_users_id_fk" FOREIGN KEY ("chosen_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_emption_rounds" ADD CONSTRAINT "pre_emption_rounds_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_emption_rounds" ADD CONSTRAINT "pre_emption_rounds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pre_emption_entitlements_round_idx" ON "pre_emption_entitlements" USING btree ("round_id");--> statement-breakpoint
CREATE INDEX "pre_emption_entitlements_user_idx" ON "pre_emption_entitlements" USING btree ("user_id","round_id");--> statement-breakpoint
CREATE INDEX "pre_emption_rounds_opportunity_idx" ON "pre_emption_rounds" USING btree ("opportunity_id","created_at");
CREATE TABLE "investment_method_entities" (
	"id" serial PRIMARY KEY NOT NULL,
	"investment_method_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "investment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'other' NOT NULL,
	"provider" text,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "nominees" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"company_number" text,
	"email" text,
	"address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organisation_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'company' NOT NULL,
	"company_number" text,
	"country" text,
	"address" text,
	"email" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "discussion_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"discussion_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "investment_opportunities" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"company_name" text NOT NULL,
	"type" text,
	"sub_type" text,
	"industry" text,
	"round_type" text,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"target_raise" numeric(20, 2),
	"maximum_raise" numeric(20, 2),
	"minimum_investment" numeric(20, 2),
	"maximum_investment" numeric(20, 2),
	"share_price" numeric(24, 6),
	"pre_money_valuation" numeric(20, 2),
	"opens_at" date,
	"closes_at" date,
	"tax_relief" text DEFAULT 'none' NOT NULL,
	"fees" text,
	"summary" text,
	"description" text,
	"key_points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"team" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"key_dates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"market_sounding_required" boolean DEFAULT false NOT NULL,
	"investment_terms" text,
	"bank_account_name" text,
	"bank_sort_code" text,
	"bank_account_number" text,
	"bank_iban" text,
	"committed_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"source_deal_id" integer,
	"cover_image" text,
	"published_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "investment_opportunities_status" CHECK ("investment_opportunities"."status" between 1 and 6),
	CONSTRAINT "investment_opportunities_tax_relief" CHECK ("investment_opportunities"."tax_relief" in ('EIS', 'SEIS', 'none')),
	CONSTRAINT "investment_opportunities_committed" CHECK ("investment_opportunities"."committed_amount" >= 0 and "investment_opportunities"."committed_amount" <= coalesce("investment_opportunities"."maximum_raise", "investment_opportunities"."target_raise", "investment_opportunities"."committed_amount")),
	CONSTRAINT "investment_opportunities_limits" CHECK (coalesce("investment_opportunities"."minimum_investment", 0) >= 0 and ("investment_opportunities"."maximum_investment" is null or "investment_opportunities"."maximum_investment" >= coalesce("investment_opportunities"."minimum_investment", 0)) and ("investment_opportunities"."maximum_raise" is null or "investment_opportunities"."target_raise" is null or "investment_opportunities"."maximum_raise" >= "investment_opportunities"."target_raise"))
);
--> statement-breakpoint
CREATE TABLE "investments" (
	"id" serial PRIMARY KEY NOT NULL,
	"opportunity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"holder_type" text DEFAULT 'personal' NOT NULL,
	"organisation_id" integer,
	"investment_method_entity_id" integer,
	"nominee_id" integer,
	"type" text DEFAULT 'investor' NOT NULL,
	"status" text DEFAULT 'reserved' NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"currency" text NOT NULL,
	"share_price" numeric(24, 6),
	"shares" numeric(24, 6),
	"payment_reference" text NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"cash_call_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"payment_provider_ref" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "investments_amount_positive" CHECK ("investments"."amount" > 0),
	CONSTRAINT "investments_status" CHECK ("investments"."status" in ('reserved', 'cash_call', 'paid', 'completed', 'cancelled')),
	CONSTRAINT "investments_type" CHECK ("investments"."type" in ('investor', 'subsequent', 'org', 'pension', 'manual', 'private_manual')),
	CONSTRAINT "investments_holder" CHECK (case "investments"."holder_type"
        when 'personal' then "investments"."organisation_id" is null and "investments"."investment_method_entity_id" is null and "investments"."nominee_id" is null
        when 'organisation' then "investments"."organisation_id" is not null
        when 'investment_method' then "investments"."investment_method_entity_id" is not null
        when 'nominee' then "investments"."nominee_id" is not null
        else false end)
);
--> statement-breakpoint
CREATE TABLE "market_sounding_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"opportunity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"disclosed_text" text NOT NULL,
	"opportunity_name" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opportunity_discussions" (
	"id" serial PRIMARY KEY NOT NULL,
	"opportunity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "opportunity_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"opportunity_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"caption" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "opportunity_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"opportunity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compliance_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"answers" jsonb NOT NULL,
	"score" integer NOT NULL,
	"total" integer NOT NULL,
	"passed" boolean NOT NULL,
	"reset_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compliance_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" integer NOT NULL,
	"label" text NOT NULL,
	"correct" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compliance_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "investor_categorisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"category" text NOT NULL,
	"declaration" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"declared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"review_note" text
);
--> statement-breakpoint
DROP INDEX "pipeline_stages_pipeline_idx";--> statement-breakpoint
ALTER TABLE "investment_method_entities" ADD CONSTRAINT "investment_method_entities_investment_method_id_investment_methods_id_fk" FOREIGN KEY ("investment_method_id") REFERENCES "public"."investment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_method_entities" ADD CONSTRAINT "investment_method_entities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_users" ADD CONSTRAINT "organisation_users_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_users" ADD CONSTRAINT "organisation_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_replies" ADD CONSTRAINT "discussion_replies_discussion_id_opportunity_discussions_id_fk" FOREIGN KEY ("discussion_id") REFERENCES "public"."opportunity_discussions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_replies" ADD CONSTRAINT "discussion_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD CONSTRAINT "investment_opportunities_source_deal_id_pipeline_deals_id_fk" FOREIGN KEY ("source_deal_id") REFERENCES "public"."pipeline_deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD CONSTRAINT "investment_opportunities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_investment_method_entity_id_investment_method_entities_id_fk" FOREIGN KEY ("investment_method_entity_id") REFERENCES "public"."investment_method_entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_nominee_id_nominees_id_fk" FOREIGN KEY ("nominee_id") REFERENCES "public"."nominees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_sounding_acceptances" ADD CONSTRAINT "market_sounding_acceptances_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_sounding_acceptances" ADD CONSTRAINT "market_sounding_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_discussions" ADD CONSTRAINT "opportunity_discussions_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_discussions" ADD CONSTRAINT "opportunity_discussions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_images" ADD CONSTRAINT "opportunity_images_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_invitations" ADD CONSTRAINT "opportunity_invitations_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_invitations" ADD CONSTRAINT "opportunity_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_invitations" ADD CONSTRAINT "opportunity_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_attempts" ADD CONSTRAINT "compliance_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_options" ADD CONSTRAINT "compliance_options_question_id_compliance_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."compliance_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_categorisations" ADD CONSTRAINT "investor_categorisations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_categorisations" ADD CONSTRAINT "investor_categorisations_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "investment_method_entities_user_idx" ON "investment_method_entities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "investment_method_entities_method_idx" ON "investment_method_entities" USING btree ("investment_method_id");--> statement-breakpoint
CREATE INDEX "investment_methods_name_idx" ON "investment_methods" USING btree ("name");--> statement-breakpoint
CREATE INDEX "investment_methods_type_idx" ON "investment_methods" USING btree ("type");--> statement-breakpoint
CREATE INDEX "nominees_name_idx" ON "nominees" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_users_unique" ON "organisation_users" USING btree ("organisation_id","user_id");--> statement-breakpoint
CREATE INDEX "organisation_users_user_idx" ON "organisation_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "organisations_name_idx" ON "organisations" USING btree ("name");--> statement-breakpoint
CREATE INDEX "organisations_name_trgm_idx" ON "organisations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organisations_type_idx" ON "organisations" USING btree ("type");--> statement-breakpoint
CREATE INDEX "organisations_created_idx" ON "organisations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "discussion_replies_discussion_idx" ON "discussion_replies" USING btree ("discussion_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "investment_opportunities_slug_unique" ON "investment_opportunities" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "investment_opportunities_status_idx" ON "investment_opportunities" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "investment_opportunities_name_idx" ON "investment_opportunities" USING btree ("name");--> statement-breakpoint
CREATE INDEX "investment_opportunities_name_trgm_idx" ON "investment_opportunities" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "investment_opportunities_company_idx" ON "investment_opportunities" USING btree ("company_name");--> statement-breakpoint
CREATE INDEX "investment_opportunities_industry_idx" ON "investment_opportunities" USING btree ("industry");--> statement-breakpoint
CREATE INDEX "investment_opportunities_closes_idx" ON "investment_opportunities" USING btree ("closes_at");--> statement-breakpoint
CREATE INDEX "investment_opportunities_target_idx" ON "investment_opportunities" USING btree ("target_raise");--> statement-breakpoint
CREATE INDEX "investment_opportunities_created_idx" ON "investment_opportunities" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "investment_opportunities_deal_idx" ON "investment_opportunities" USING btree ("source_deal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "investments_payment_reference_unique" ON "investments" USING btree ("payment_reference");--> statement-breakpoint
CREATE INDEX "investments_opportunity_status_idx" ON "investments" USING btree ("opportunity_id","status");--> statement-breakpoint
CREATE INDEX "investments_user_idx" ON "investments" USING btree ("user_id","opportunity_id");--> statement-breakpoint
CREATE INDEX "investments_status_idx" ON "investments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "investments_created_idx" ON "investments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "investments_amount_idx" ON "investments" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "investments_organisation_idx" ON "investments" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "investments_method_entity_idx" ON "investments" USING btree ("investment_method_entity_id");--> statement-breakpoint
CREATE INDEX "investments_nominee_idx" ON "investments" USING btree ("nominee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "market_sounding_acceptances_unique" ON "market_sounding_acceptances" USING btree ("opportunity_id","user_id");--> statement-breakpoint
CREATE INDEX "market_sounding_acceptances_accepted_idx" ON "market_sounding_acceptances" USING btree ("accepted_at");--> statement-breakpoint
CREATE INDEX "market_sounding_acceptances_user_idx" ON "market_sounding_acceptances" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "opportunity_discussions_opportunity_idx" ON "opportunity_discussions" USING btree ("opportunity_id","created_at");--> statement-breakpoint
CREATE INDEX "opportunity_images_opportunity_idx" ON "opportunity_images" USING btree ("opportunity_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "opportunity_invitations_unique" ON "opportunity_invitations" USING btree ("opportunity_id","user_id");--> statement-breakpoint
CREATE INDEX "opportunity_invitations_user_idx" ON "opportunity_invitations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "compliance_attempts_user_idx" ON "compliance_attempts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "compliance_options_question_idx" ON "compliance_options" USING btree ("question_id","position");--> statement-breakpoint
CREATE INDEX "compliance_questions_position_idx" ON "compliance_questions" USING btree ("position");--> statement-breakpoint
CREATE INDEX "investor_categorisations_user_idx" ON "investor_categorisations" USING btree ("user_id","declared_at");--> statement-breakpoint
CREATE INDEX "investor_categorisations_status_idx" ON "investor_categorisations" USING btree ("status");
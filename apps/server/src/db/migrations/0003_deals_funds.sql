CREATE TABLE "fund_investment_statuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"fund_investment_id" integer NOT NULL,
	"status" text NOT NULL,
	"date" date NOT NULL,
	"note" text,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_investment_statuses_status" CHECK ("fund_investment_statuses"."status" in ('active', 'partially_realised', 'matured', 'exited', 'written_off'))
);
--> statement-breakpoint
CREATE TABLE "fund_investments" (
	"id" serial PRIMARY KEY NOT NULL,
	"fund_id" integer NOT NULL,
	"company_name" text NOT NULL,
	"industry" text,
	"stage" text,
	"investment_date" date,
	"cost" numeric(20, 2) NOT NULL,
	"current_valuation" numeric(20, 2),
	"valuation_date" date,
	"maturity_status" text DEFAULT 'active' NOT NULL,
	"description" text,
	"key_information" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "fund_investments_amounts" CHECK ("fund_investments"."cost" >= 0 and coalesce("fund_investments"."current_valuation", 0) >= 0),
	CONSTRAINT "fund_investments_status" CHECK ("fund_investments"."maturity_status" in ('active', 'partially_realised', 'matured', 'exited', 'written_off'))
);
--> statement-breakpoint
CREATE TABLE "funds" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"vintage" integer NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"target_size" numeric(20, 2),
	"management_fee" numeric(7, 4),
	"performance_fee" numeric(7, 4),
	"manager_id" integer,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ledgers" (
	"id" serial PRIMARY KEY NOT NULL,
	"fund_id" integer NOT NULL,
	"investor_id" integer NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"units" numeric(24, 6),
	"nav_per_unit" numeric(24, 6),
	"reference" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "ledgers_kind" CHECK ("ledgers"."kind" in ('subscription', 'redemption', 'distribution', 'fee')),
	CONSTRAINT "ledgers_amount_positive" CHECK ("ledgers"."amount" > 0),
	CONSTRAINT "ledgers_units" CHECK (case when "ledgers"."kind" in ('subscription', 'redemption') then "ledgers"."units" is not null and "ledgers"."units" > 0 else "ledgers"."units" is null end)
);
--> statement-breakpoint
CREATE TABLE "net_asset_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"fund_id" integer NOT NULL,
	"date" date NOT NULL,
	"nav" numeric(20, 2) NOT NULL,
	"units_in_issue" numeric(24, 6) NOT NULL,
	"nav_per_unit" numeric(24, 6),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "net_asset_values_non_negative" CHECK ("net_asset_values"."nav" >= 0 and "net_asset_values"."units_in_issue" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pipeline_deals" (
	"id" serial PRIMARY KEY NOT NULL,
	"pipeline_id" integer NOT NULL,
	"stage_id" integer NOT NULL,
	"position" integer,
	"company_name" text NOT NULL,
	"owner_id" integer,
	"source" text,
	"amount_sought" numeric(20, 2),
	"pre_money_valuation" numeric(20, 2),
	"currency" text DEFAULT 'GBP' NOT NULL,
	"industry" text,
	"summary" text,
	"key_information" text,
	"key_dates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"performance_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "pipeline_deals_live_position" CHECK (("pipeline_deals"."deleted_at" is null) = ("pipeline_deals"."position" is not null)),
	CONSTRAINT "pipeline_deals_amounts" CHECK (coalesce("pipeline_deals"."amount_sought", 0) >= 0 and coalesce("pipeline_deals"."pre_money_valuation", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "pipeline_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"pipeline_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "pipeline_stages_live_position" CHECK (("pipeline_stages"."deleted_at" is null) = ("pipeline_stages"."position" is not null))
);
--> statement-breakpoint
CREATE TABLE "pipelines" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "fund_investment_statuses" ADD CONSTRAINT "fund_investment_statuses_fund_investment_id_fund_investments_id_fk" FOREIGN KEY ("fund_investment_id") REFERENCES "public"."fund_investments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_investment_statuses" ADD CONSTRAINT "fund_investment_statuses_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_investments" ADD CONSTRAINT "fund_investments_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funds" ADD CONSTRAINT "funds_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledgers" ADD CONSTRAINT "ledgers_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledgers" ADD CONSTRAINT "ledgers_investor_id_users_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "net_asset_values" ADD CONSTRAINT "net_asset_values_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_deals" ADD CONSTRAINT "pipeline_deals_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_deals" ADD CONSTRAINT "pipeline_deals_stage_id_pipeline_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."pipeline_stages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_deals" ADD CONSTRAINT "pipeline_deals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_stages" ADD CONSTRAINT "pipeline_stages_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fund_investment_statuses_investment_idx" ON "fund_investment_statuses" USING btree ("fund_investment_id","date");--> statement-breakpoint
CREATE INDEX "fund_investments_fund_idx" ON "fund_investments" USING btree ("fund_id");--> statement-breakpoint
CREATE INDEX "fund_investments_company_idx" ON "fund_investments" USING btree ("company_name");--> statement-breakpoint
CREATE INDEX "fund_investments_company_trgm_idx" ON "fund_investments" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "fund_investments_industry_idx" ON "fund_investments" USING btree ("industry");--> statement-breakpoint
CREATE INDEX "fund_investments_stage_idx" ON "fund_investments" USING btree ("stage");--> statement-breakpoint
CREATE INDEX "fund_investments_status_idx" ON "fund_investments" USING btree ("maturity_status");--> statement-breakpoint
CREATE INDEX "fund_investments_cost_idx" ON "fund_investments" USING btree ("cost");--> statement-breakpoint
CREATE INDEX "fund_investments_valuation_idx" ON "fund_investments" USING btree ("current_valuation");--> statement-breakpoint
CREATE INDEX "fund_investments_date_idx" ON "fund_investments" USING btree ("investment_date");--> statement-breakpoint
CREATE INDEX "fund_investments_created_idx" ON "fund_investments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "funds_name_idx" ON "funds" USING btree ("name");--> statement-breakpoint
CREATE INDEX "funds_type_idx" ON "funds" USING btree ("type");--> statement-breakpoint
CREATE INDEX "funds_vintage_idx" ON "funds" USING btree ("vintage");--> statement-breakpoint
CREATE INDEX "funds_currency_idx" ON "funds" USING btree ("currency");--> statement-breakpoint
CREATE INDEX "funds_manager_idx" ON "funds" USING btree ("manager_id");--> statement-breakpoint
CREATE INDEX "funds_target_idx" ON "funds" USING btree ("target_size");--> statement-breakpoint
CREATE INDEX "funds_created_idx" ON "funds" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledgers_fund_date_idx" ON "ledgers" USING btree ("fund_id","date");--> statement-breakpoint
CREATE INDEX "ledgers_investor_fund_idx" ON "ledgers" USING btree ("investor_id","fund_id","date");--> statement-breakpoint
CREATE INDEX "ledgers_kind_idx" ON "ledgers" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "ledgers_date_idx" ON "ledgers" USING btree ("date");--> statement-breakpoint
CREATE INDEX "ledgers_amount_idx" ON "ledgers" USING btree ("amount");--> statement-breakpoint
CREATE INDEX "ledgers_created_idx" ON "ledgers" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "net_asset_values_fund_date_unique" ON "net_asset_values" USING btree ("fund_id","date") WHERE "net_asset_values"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "net_asset_values_date_idx" ON "net_asset_values" USING btree ("date");--> statement-breakpoint
CREATE INDEX "pipeline_deals_board_idx" ON "pipeline_deals" USING btree ("pipeline_id","stage_id","position");--> statement-breakpoint
CREATE INDEX "pipeline_deals_owner_idx" ON "pipeline_deals" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "pipeline_deals_industry_idx" ON "pipeline_deals" USING btree ("industry");--> statement-breakpoint
CREATE INDEX "pipeline_deals_company_idx" ON "pipeline_deals" USING btree ("company_name");--> statement-breakpoint
CREATE INDEX "pipeline_deals_company_trgm_idx" ON "pipeline_deals" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "pipeline_deals_amount_idx" ON "pipeline_deals" USING btree ("amount_sought");--> statement-breakpoint
CREATE INDEX "pipeline_deals_valuation_idx" ON "pipeline_deals" USING btree ("pre_money_valuation");--> statement-breakpoint
CREATE INDEX "pipeline_deals_created_idx" ON "pipeline_deals" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "pipeline_deals_updated_idx" ON "pipeline_deals" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "pipeline_stages_pipeline_idx" ON "pipeline_stages" USING btree ("pipeline_id","position");--> statement-breakpoint
CREATE INDEX "pipelines_name_idx" ON "pipelines" USING btree ("name");--> statement-breakpoint
CREATE INDEX "pipelines_created_idx" ON "pipelines" USING btree ("created_at");
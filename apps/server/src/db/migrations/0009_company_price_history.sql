CREATE TABLE "company_outcomes" (
	"id" serial PRIMARY KEY NOT NULL,
	"opportunity_id" integer NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"price" numeric(24, 6),
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "company_outcomes_kind" CHECK (case "company_outcomes"."kind" when 'write-off' then "company_outcomes"."price" is null when 'exit' then "company_outcomes"."price" >= 0 when 'partial-realisation' then "company_outcomes"."price" >= 0 else false end)
);
--> statement-breakpoint
CREATE TABLE "company_valuations" (
	"id" serial PRIMARY KEY NOT NULL,
	"opportunity_id" integer NOT NULL,
	"date" date NOT NULL,
	"valuation" numeric(20, 2) NOT NULL,
	"shares_outstanding" numeric(24, 6) NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "company_valuations_positive" CHECK ("company_valuations"."valuation" >= 0 and "company_valuations"."shares_outstanding" > 0)
);
--> statement-breakpoint
CREATE TABLE "share_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"opportunity_id" integer NOT NULL,
	"date" date NOT NULL,
	"price" numeric(24, 6) NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "share_prices_price" CHECK ("share_prices"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "company_outcomes" ADD CONSTRAINT "company_outcomes_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_outcomes" ADD CONSTRAINT "company_outcomes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_valuations" ADD CONSTRAINT "company_valuations_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_valuations" ADD CONSTRAINT "company_valuations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_prices" ADD CONSTRAINT "share_prices_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_prices" ADD CONSTRAINT "share_prices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_outcomes_opportunity_idx" ON "company_outcomes" USING btree ("opportunity_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "company_valuations_opportunity_date_unique" ON "company_valuations" USING btree ("opportunity_id","date") WHERE "company_valuations"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "share_prices_opportunity_date_unique" ON "share_prices" USING btree ("opportunity_id","date") WHERE "share_prices"."deleted_at" is null;
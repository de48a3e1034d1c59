CREATE TABLE "kpi_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "kpi_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"kpi_id" integer NOT NULL,
	"opportunity_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"value" numeric(24, 6) NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "kpis" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category_id" integer NOT NULL,
	"unit" text NOT NULL,
	"frequency" text NOT NULL,
	"investor_visible" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "kpis_unit" CHECK ("kpis"."unit" in ('currency', 'number', 'percentage')),
	CONSTRAINT "kpis_frequency" CHECK ("kpis"."frequency" in ('monthly', 'quarterly', 'annual'))
);
--> statement-breakpoint
ALTER TABLE "kpi_values" ADD CONSTRAINT "kpi_values_kpi_id_kpis_id_fk" FOREIGN KEY ("kpi_id") REFERENCES "public"."kpis"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_values" ADD CONSTRAINT "kpi_values_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_values" ADD CONSTRAINT "kpi_values_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpis" ADD CONSTRAINT "kpis_category_id_kpi_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."kpi_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_categories_name_unique" ON "kpi_categories" USING btree (lower("name")) WHERE "kpi_categories"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_values_period_unique" ON "kpi_values" USING btree ("opportunity_id","kpi_id","period_start") WHERE "kpi_values"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "kpi_values_kpi_period_idx" ON "kpi_values" USING btree ("kpi_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "kpis_name_unique" ON "kpis" USING btree (lower("name")) WHERE "kpis"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "kpis_category_idx" ON "kpis" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "kpis_frequency_idx" ON "kpis" USING btree ("frequency");--> statement-breakpoint
CREATE INDEX "kpis_created_idx" ON "kpis" USING btree ("created_at");
CREATE TABLE "portfolio_stat_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"stats" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_stat_settings_single" CHECK ("portfolio_stat_settings"."id" = 1),
	CONSTRAINT "portfolio_stat_settings_stats_check" CHECK (stats <@ array['invested', 'current_value', 'realised', 'gain', 'multiple']::text[])
);
--> statement-breakpoint
CREATE TABLE "portfolio_table_columns" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_id" integer NOT NULL,
	"option" text NOT NULL,
	"position" integer NOT NULL,
	"label" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "portfolio_table_columns_table_check" CHECK (table_id in (1, 2)),
	CONSTRAINT "portfolio_table_columns_option_check" CHECK (option in ('investment', 'company', 'status', 'invested', 'shares', 'share_price', 'current_value', 'realised', 'gain', 'multiple', 'fund', 'units', 'paid_in', 'distributions'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_table_columns_option_unique" ON "portfolio_table_columns" USING btree ("table_id","option");--> statement-breakpoint
CREATE UNIQUE INDEX "portfolio_table_columns_position_unique" ON "portfolio_table_columns" USING btree ("table_id","position");
CREATE TABLE "kpi_request_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"kpi_id" integer NOT NULL,
	"submitted_value" numeric(24, 6),
	"accepted_value" numeric(24, 6)
);
--> statement-breakpoint
CREATE TABLE "kpi_request_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kpi_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"opportunity_id" integer NOT NULL,
	"frequency" text NOT NULL,
	"period_start" date NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"message" text,
	"status" text DEFAULT 'sent' NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"next_reminder_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"founder_comment" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"rejection_reason" text,
	"cancelled_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "kpi_requests_status" CHECK ("kpi_requests"."status" in ('sent', 'submitted', 'accepted', 'rejected', 'cancelled')),
	CONSTRAINT "kpi_requests_frequency" CHECK ("kpi_requests"."frequency" in ('monthly', 'quarterly', 'annual'))
);
--> statement-breakpoint
ALTER TABLE "kpi_request_items" ADD CONSTRAINT "kpi_request_items_request_id_kpi_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."kpi_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_request_items" ADD CONSTRAINT "kpi_request_items_kpi_id_kpis_id_fk" FOREIGN KEY ("kpi_id") REFERENCES "public"."kpis"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_request_links" ADD CONSTRAINT "kpi_request_links_request_id_kpi_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."kpi_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_requests" ADD CONSTRAINT "kpi_requests_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_requests" ADD CONSTRAINT "kpi_requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kpi_requests" ADD CONSTRAINT "kpi_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_request_items_unique" ON "kpi_request_items" USING btree ("request_id","kpi_id");--> statement-breakpoint
CREATE INDEX "kpi_request_items_kpi_idx" ON "kpi_request_items" USING btree ("kpi_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kpi_request_links_token_unique" ON "kpi_request_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "kpi_request_links_request_idx" ON "kpi_request_links" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "kpi_requests_sent_idx" ON "kpi_requests" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "kpi_requests_expires_idx" ON "kpi_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "kpi_requests_opportunity_idx" ON "kpi_requests" USING btree ("opportunity_id","sent_at");--> statement-breakpoint
CREATE INDEX "kpi_requests_status_idx" ON "kpi_requests" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "kpi_requests_reminder_idx" ON "kpi_requests" USING btree ("next_reminder_at") WHERE "kpi_requests"."status" = 'sent';
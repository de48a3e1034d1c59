CREATE TABLE "accounting_authorisations" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"service" text NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounting_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"service" text NOT NULL,
	"tenant_id" text NOT NULL,
	"tenant_name" text,
	"access_token" text NOT NULL,
	"refresh_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"connected_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_connections_service_unique" UNIQUE("service")
);
--> statement-breakpoint
CREATE TABLE "accounting_sync_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"service" text NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"external_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_sync_items_kind" CHECK ("accounting_sync_items"."kind" in ('contact', 'invoice', 'payment')),
	CONSTRAINT "accounting_sync_items_status" CHECK ("accounting_sync_items"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "accounting_authorisations" ADD CONSTRAINT "accounting_authorisations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_connections" ADD CONSTRAINT "accounting_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_sync_items_subject_unique" ON "accounting_sync_items" USING btree ("service","tenant_id","kind","subject_id");--> statement-breakpoint
CREATE INDEX "accounting_sync_items_due_idx" ON "accounting_sync_items" USING btree ("next_attempt_at") WHERE "accounting_sync_items"."status" <> 'sent';--> statement-breakpoint
CREATE INDEX "accounting_sync_items_list_idx" ON "accounting_sync_items" USING btree ("status","updated_at");
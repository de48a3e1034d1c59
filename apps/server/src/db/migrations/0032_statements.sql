CREATE TABLE "statement_run_items" (
	"run_id" integer NOT NULL,
	"investor_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"document_id" integer,
	"error" text,
	"processed_at" timestamp with time zone,
	CONSTRAINT "statement_run_items_run_id_investor_id_pk" PRIMARY KEY("run_id","investor_id"),
	CONSTRAINT "statement_run_items_status" CHECK ("statement_run_items"."status" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "statement_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"as_at" date NOT NULL,
	"period_from" date NOT NULL,
	"client_group_id" integer,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"requested_by" integer,
	"worker" text,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "statement_runs_status" CHECK ("statement_runs"."status" in ('queued', 'running', 'done'))
);
--> statement-breakpoint
ALTER TABLE "statement_run_items" ADD CONSTRAINT "statement_run_items_run_id_statement_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."statement_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_run_items" ADD CONSTRAINT "statement_run_items_investor_id_users_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_run_items" ADD CONSTRAINT "statement_run_items_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_runs" ADD CONSTRAINT "statement_runs_client_group_id_client_groups_id_fk" FOREIGN KEY ("client_group_id") REFERENCES "public"."client_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_runs" ADD CONSTRAINT "statement_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statement_run_items_pending_idx" ON "statement_run_items" USING btree ("run_id","investor_id") WHERE "statement_run_items"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "statement_runs_open_idx" ON "statement_runs" USING btree ("id") WHERE "statement_runs"."status" <> 'done';--> statement-breakpoint
CREATE INDEX "statement_runs_created_idx" ON "statement_runs" USING btree ("created_at");
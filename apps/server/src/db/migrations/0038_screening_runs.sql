CREATE TABLE "screening_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"last_investor_id" integer NOT NULL,
	"screened_through" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"screened" integer DEFAULT 0 NOT NULL,
	"new_matches" integer DEFAULT 0 NOT NULL,
	"requested_by" integer,
	"worker" text,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "screening_runs_status" CHECK ("screening_runs"."status" in ('queued', 'running', 'done'))
);
--> statement-breakpoint
ALTER TABLE "screening_runs" ADD CONSTRAINT "screening_runs_list_id_screening_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."screening_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_runs" ADD CONSTRAINT "screening_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screening_runs_open_idx" ON "screening_runs" USING btree ("id") WHERE "screening_runs"."status" <> 'done';--> statement-breakpoint
CREATE INDEX "screening_runs_list_idx" ON "screening_runs" USING btree ("list_id");
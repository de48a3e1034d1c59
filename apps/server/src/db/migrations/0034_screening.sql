CREATE TABLE "identity_document_details" (
	"document_id" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"issuing_country" text
);
--> statement-breakpoint
CREATE TABLE "investor_screenings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"screened_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"decision" text NOT NULL,
	"reason" text NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "screening_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"subject_key" text NOT NULL,
	"name" text NOT NULL,
	"normalized_name" text NOT NULL,
	"alias_type" text,
	"date_of_birth" text,
	"nationality" text,
	"country" text,
	"position" text,
	"regime" text,
	"reference" text
);
--> statement-breakpoint
CREATE TABLE "screening_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"list_updated" text,
	"entry_count" integer NOT NULL,
	"skipped_count" integer NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "screening_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"subject_key" text NOT NULL,
	"entry_id" integer NOT NULL,
	"score" integer NOT NULL,
	"status" text DEFAULT 'potential' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_document_details" ADD CONSTRAINT "identity_document_details_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_screenings" ADD CONSTRAINT "investor_screenings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_decisions" ADD CONSTRAINT "screening_decisions_match_id_screening_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."screening_matches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_decisions" ADD CONSTRAINT "screening_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_entries" ADD CONSTRAINT "screening_entries_list_id_screening_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."screening_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_lists" ADD CONSTRAINT "screening_lists_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_matches" ADD CONSTRAINT "screening_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_matches" ADD CONSTRAINT "screening_matches_entry_id_screening_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."screening_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screening_decisions_match_idx" ON "screening_decisions" USING btree ("match_id","decided_at");--> statement-breakpoint
CREATE INDEX "screening_entries_list_idx" ON "screening_entries" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "screening_entries_name_trgm_idx" ON "screening_entries" USING gin ("normalized_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "screening_lists_kind_idx" ON "screening_lists" USING btree ("kind","superseded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "screening_matches_user_subject_unique" ON "screening_matches" USING btree ("user_id","subject_key");--> statement-breakpoint
CREATE INDEX "screening_matches_status_idx" ON "screening_matches" USING btree ("status","created_at");--> statement-breakpoint
-- Screening decisions are the firm's record of why an investor was cleared or blocked (MLR 2017
-- reg. 40: kept five years): the database refuses to change or remove one, whoever asks.
CREATE OR REPLACE FUNCTION refuse_screening_decision_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'Screening decisions are append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER screening_decisions_append_only
  BEFORE UPDATE OR DELETE ON screening_decisions
  FOR EACH ROW EXECUTE FUNCTION refuse_screening_decision_change();

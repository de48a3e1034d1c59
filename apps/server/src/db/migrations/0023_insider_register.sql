CREATE TABLE "insider_cessations" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"cleansing_id" integer,
	"reason" text NOT NULL,
	"ceased_at" timestamp with time zone NOT NULL,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insider_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer,
	"source" text NOT NULL,
	"market_sounding_acceptance_id" integer,
	"corrects_id" integer,
	"original_id" integer,
	"first_name" text NOT NULL,
	"surname" text NOT NULL,
	"birth_surname" text,
	"email" text,
	"professional_phone" text,
	"company_name" text,
	"company_address" text,
	"function" text,
	"reason" text NOT NULL,
	"disclosed_text" text,
	"date_of_birth" date,
	"national_id" text,
	"personal_phone" text,
	"home_address" text,
	"obtained_at" timestamp with time zone NOT NULL,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insider_entries_source" CHECK ("insider_entries"."source" in ('market_sounding', 'invitation', 'staff_access', 'manual', 'correction')),
	CONSTRAINT "insider_entries_chain" CHECK (("insider_entries"."corrects_id" is null) = ("insider_entries"."original_id" is null))
);
--> statement-breakpoint
CREATE TABLE "insider_project_cleansings" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"cleansed_by" integer,
	"cleansed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insider_project_cleansings_reason" CHECK ("insider_project_cleansings"."reason" in ('made_public', 'abandoned'))
);
--> statement-breakpoint
CREATE TABLE "insider_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"opportunity_id" integer,
	"deal_id" integer,
	"name" text NOT NULL,
	"company_name" text NOT NULL,
	"description" text NOT NULL,
	"opened_by" integer,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insider_projects_one_subject" CHECK (("insider_projects"."opportunity_id" is null) <> ("insider_projects"."deal_id" is null))
);
--> statement-breakpoint
CREATE TABLE "insider_register_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"view" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"project_id" integer,
	"ip" text,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insider_register_views_view" CHECK ("insider_register_views"."view" in ('list', 'export_csv', 'export_xlsx', 'pdf'))
);
--> statement-breakpoint
CREATE TABLE "pa_deal_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"requester_id" integer NOT NULL,
	"company_name" text NOT NULL,
	"direction" text NOT NULL,
	"quantity" numeric(24, 6) NOT NULL,
	"expected_price" numeric(24, 6) NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"reason" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pa_deal_requests_direction" CHECK ("pa_deal_requests"."direction" in ('buy', 'sell')),
	CONSTRAINT "pa_deal_requests_amounts" CHECK ("pa_deal_requests"."quantity" > 0 and "pa_deal_requests"."expected_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pa_deal_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"status" text NOT NULL,
	"actor_id" integer,
	"reason" text,
	"executed_quantity" numeric(24, 6),
	"executed_price" numeric(24, 6),
	"executed_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pa_deal_steps_status" CHECK ("pa_deal_steps"."status" in ('requested', 'approved', 'refused', 'executed'))
);
--> statement-breakpoint
CREATE TABLE "restricted_list_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"reason" text NOT NULL,
	"added_by" integer,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "restricted_list_removals" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"reason" text NOT NULL,
	"removed_by" integer,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insider_cessations" ADD CONSTRAINT "insider_cessations_entry_id_insider_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."insider_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insider_cessations" ADD CONSTRAINT "insider_cessations_cleansing_id_insider_project_cleansings_id_fk" FOREIGN KEY ("cleansing_id") REFERENCES "public"."insider_project_cleansings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insider_cessations" ADD CONSTRAINT "insider_cessations_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insider_entries" ADD CONSTRAINT "insider_entries_project_id_insider_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."insider_projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insider_entries" ADD CONSTRAINT "insider_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insider_entries" ADD CONSTRAINT "insider_entries_market_sounding_acceptance_id_market_sounding_acceptances_id_fk" FOREIGN KEY ("market_sounding_acceptance_id") REFERENCES "public"."market_sounding_acceptances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insider_entries" ADD CONSTRAINT "insider_entries_corrects_id_insider_entries_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."insider_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insider_entries" ADD CONSTRAINT "insider_entries_original_id_insider_entries_id_fk" FOREIGN KEY ("original_id") REFERENCES "public"."insider_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insider_entries" ADD CONSTRAINT "insider_entries_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insider_project_cleansings" ADD CONSTRAINT "insider_project_cleansings_project_id_insider_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."insider_projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insider_project_cleansings" ADD CONSTRAINT "insider_project_cleansings_cleansed_by_users_id_fk" FOREIGN KEY ("cleansed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insider_projects" ADD CONSTRAINT "insider_projects_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insider_projects" ADD CONSTRAINT "insider_projects_deal_id_pipeline_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."pipeline_deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insider_projects" ADD CONSTRAINT "insider_projects_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insider_register_views" ADD CONSTRAINT "insider_register_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insider_register_views" ADD CONSTRAINT "insider_register_views_project_id_insider_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."insider_projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pa_deal_requests" ADD CONSTRAINT "pa_deal_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pa_deal_steps" ADD CONSTRAINT "pa_deal_steps_request_id_pa_deal_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."pa_deal_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pa_deal_steps" ADD CONSTRAINT "pa_deal_steps_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restricted_list_entries" ADD CONSTRAINT "restricted_list_entries_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restricted_list_removals" ADD CONSTRAINT "restricted_list_removals_entry_id_restricted_list_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."restricted_list_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restricted_list_removals" ADD CONSTRAINT "restricted_list_removals_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "insider_cessations_entry_unique" ON "insider_cessations" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "insider_cessations_ceased_idx" ON "insider_cessations" USING btree ("ceased_at");--> statement-breakpoint
CREATE UNIQUE INDEX "insider_entries_person_unique" ON "insider_entries" USING btree ("project_id","user_id") WHERE "insider_entries"."original_id" is null and "insider_entries"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "insider_entries_corrects_unique" ON "insider_entries" USING btree ("corrects_id");--> statement-breakpoint
CREATE UNIQUE INDEX "insider_entries_acceptance_unique" ON "insider_entries" USING btree ("market_sounding_acceptance_id");--> statement-breakpoint
CREATE INDEX "insider_entries_project_idx" ON "insider_entries" USING btree ("project_id","obtained_at");--> statement-breakpoint
CREATE INDEX "insider_entries_user_idx" ON "insider_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "insider_entries_obtained_idx" ON "insider_entries" USING btree ("obtained_at");--> statement-breakpoint
CREATE INDEX "insider_entries_surname_idx" ON "insider_entries" USING btree ("surname");--> statement-breakpoint
CREATE INDEX "insider_entries_chain_idx" ON "insider_entries" USING btree (coalesce("original_id", "id"));--> statement-breakpoint
CREATE UNIQUE INDEX "insider_project_cleansings_project_unique" ON "insider_project_cleansings" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "insider_projects_opportunity_unique" ON "insider_projects" USING btree ("opportunity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "insider_projects_deal_unique" ON "insider_projects" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "insider_projects_company_idx" ON "insider_projects" USING btree (lower("company_name"));--> statement-breakpoint
CREATE INDEX "insider_projects_opened_idx" ON "insider_projects" USING btree ("opened_at");--> statement-breakpoint
CREATE INDEX "insider_register_views_viewed_idx" ON "insider_register_views" USING btree ("viewed_at");--> statement-breakpoint
CREATE INDEX "insider_register_views_user_idx" ON "insider_register_views" USING btree ("user_id","viewed_at");--> statement-breakpoint
CREATE INDEX "pa_deal_requests_requester_idx" ON "pa_deal_requests" USING btree ("requester_id","requested_at");--> statement-breakpoint
CREATE INDEX "pa_deal_requests_requested_idx" ON "pa_deal_requests" USING btree ("requested_at");--> statement-breakpoint
CREATE INDEX "pa_deal_requests_company_idx" ON "pa_deal_requests" USING btree ("company_name");--> statement-breakpoint
CREATE INDEX "pa_deal_steps_request_idx" ON "pa_deal_steps" USING btree ("request_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pa_deal_steps_decision_unique" ON "pa_deal_steps" USING btree ("request_id") WHERE "pa_deal_steps"."status" in ('approved', 'refused');--> statement-breakpoint
CREATE UNIQUE INDEX "pa_deal_steps_execution_unique" ON "pa_deal_steps" USING btree ("request_id") WHERE "pa_deal_steps"."status" = 'executed';--> statement-breakpoint
CREATE INDEX "restricted_list_entries_company_idx" ON "restricted_list_entries" USING btree (lower("company_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "restricted_list_removals_entry_unique" ON "restricted_list_removals" USING btree ("entry_id");--> statement-breakpoint
-- Market-sounding acceptances recorded before the register had projects become entries of one
-- project per opportunity, with the text each investor accepted (docs/decisions/0025).
INSERT INTO insider_projects (opportunity_id, name, company_name, description, opened_at)
SELECT o.id, o.name, o.company_name, first.disclosed_text, first.accepted_at
FROM investment_opportunities o
JOIN LATERAL (
  SELECT disclosed_text, accepted_at FROM market_sounding_acceptances a WHERE a.opportunity_id = o.id ORDER BY accepted_at, id LIMIT 1
) first ON true;--> statement-breakpoint
INSERT INTO insider_entries (project_id, user_id, source, market_sounding_acceptance_id, first_name, surname, email, reason, disclosed_text, obtained_at, recorded_at)
SELECT p.id, a.user_id, 'market_sounding', a.id, split_part(u.name, ' ', 1), substr(u.name, length(split_part(u.name, ' ', 1)) + 2), u.email,
  'Accepted the market sounding of ' || a.opportunity_name, a.disclosed_text, a.accepted_at, a.accepted_at
FROM market_sounding_acceptances a
JOIN insider_projects p ON p.opportunity_id = a.opportunity_id
JOIN users u ON u.id = a.user_id;--> statement-breakpoint
-- The insider register and the PA-deal history are append-only, like market_sounding_acceptances
-- (0006): corrections, cessations, cleansings and decisions are new rows, never changes.
CREATE TRIGGER insider_projects_append_only BEFORE UPDATE OR DELETE ON insider_projects
  FOR EACH ROW EXECUTE FUNCTION refuse_insider_register_change();--> statement-breakpoint
CREATE TRIGGER insider_project_cleansings_append_only BEFORE UPDATE OR DELETE ON insider_project_cleansings
  FOR EACH ROW EXECUTE FUNCTION refuse_insider_register_change();--> statement-breakpoint
CREATE TRIGGER insider_entries_append_only BEFORE UPDATE OR DELETE ON insider_entries
  FOR EACH ROW EXECUTE FUNCTION refuse_insider_register_change();--> statement-breakpoint
CREATE TRIGGER insider_cessations_append_only BEFORE UPDATE OR DELETE ON insider_cessations
  FOR EACH ROW EXECUTE FUNCTION refuse_insider_register_change();--> statement-breakpoint
CREATE TRIGGER restricted_list_entries_append_only BEFORE UPDATE OR DELETE ON restricted_list_entries
  FOR EACH ROW EXECUTE FUNCTION refuse_insider_register_change();--> statement-breakpoint
CREATE TRIGGER restricted_list_removals_append_only BEFORE UPDATE OR DELETE ON restricted_list_removals
  FOR EACH ROW EXECUTE FUNCTION refuse_insider_register_change();--> statement-breakpoint
CREATE TRIGGER pa_deal_requests_append_only BEFORE UPDATE OR DELETE ON pa_deal_requests
  FOR EACH ROW EXECUTE FUNCTION refuse_insider_register_change();--> statement-breakpoint
CREATE TRIGGER pa_deal_steps_append_only BEFORE UPDATE OR DELETE ON pa_deal_steps
  FOR EACH ROW EXECUTE FUNCTION refuse_insider_register_change();--> statement-breakpoint
CREATE TRIGGER insider_register_views_append_only BEFORE UPDATE OR DELETE ON insider_register_views
  FOR EACH ROW EXECUTE FUNCTION refuse_insider_register_change();

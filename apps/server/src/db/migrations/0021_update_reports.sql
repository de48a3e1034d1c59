CREATE TABLE "client_group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "client_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "client_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "update_report_client_groups" (
	"update_report_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "update_report_client_groups_update_report_id_group_id_pk" PRIMARY KEY("update_report_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "update_report_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"update_report_id" integer NOT NULL,
	"asked_by" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text,
	"answer_visibility" text,
	"answered_by" integer,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "update_report_questions_visibility" CHECK ("update_report_questions"."answer_visibility" is null or "update_report_questions"."answer_visibility" in ('private', 'audience'))
);
--> statement-breakpoint
CREATE TABLE "update_report_recipients" (
	"update_report_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"opened_at" timestamp with time zone,
	CONSTRAINT "update_report_recipients_update_report_id_user_id_pk" PRIMARY KEY("update_report_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "update_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"report_type_id" integer,
	"report_sub_type_id" integer,
	"body" text NOT NULL,
	"opportunity_id" integer,
	"fund_id" integer,
	"audience" text NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "update_reports_status" CHECK ("update_reports"."status" in (1, 2)),
	CONSTRAINT "update_reports_audience" CHECK ("update_reports"."audience" in ('all', 'holders', 'groups')),
	CONSTRAINT "update_reports_one_subject" CHECK ("update_reports"."opportunity_id" is null or "update_reports"."fund_id" is null)
);
--> statement-breakpoint
ALTER TABLE "client_group_members" ADD CONSTRAINT "client_group_members_group_id_client_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."client_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_group_members" ADD CONSTRAINT "client_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_report_client_groups" ADD CONSTRAINT "update_report_client_groups_update_report_id_update_reports_id_fk" FOREIGN KEY ("update_report_id") REFERENCES "public"."update_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_report_client_groups" ADD CONSTRAINT "update_report_client_groups_group_id_client_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."client_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_report_questions" ADD CONSTRAINT "update_report_questions_update_report_id_update_reports_id_fk" FOREIGN KEY ("update_report_id") REFERENCES "public"."update_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_report_questions" ADD CONSTRAINT "update_report_questions_asked_by_users_id_fk" FOREIGN KEY ("asked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_report_questions" ADD CONSTRAINT "update_report_questions_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_report_recipients" ADD CONSTRAINT "update_report_recipients_update_report_id_update_reports_id_fk" FOREIGN KEY ("update_report_id") REFERENCES "public"."update_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_report_recipients" ADD CONSTRAINT "update_report_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_reports" ADD CONSTRAINT "update_reports_report_type_id_report_types_id_fk" FOREIGN KEY ("report_type_id") REFERENCES "public"."report_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_reports" ADD CONSTRAINT "update_reports_report_sub_type_id_report_types_id_fk" FOREIGN KEY ("report_sub_type_id") REFERENCES "public"."report_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_reports" ADD CONSTRAINT "update_reports_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_reports" ADD CONSTRAINT "update_reports_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "update_reports" ADD CONSTRAINT "update_reports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_group_members_user_idx" ON "client_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "client_groups_name_idx" ON "client_groups" USING btree ("name");--> statement-breakpoint
CREATE INDEX "client_groups_created_idx" ON "client_groups" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "report_types_parent_idx" ON "report_types" USING btree ("parent_id","position");--> statement-breakpoint
CREATE INDEX "update_report_questions_report_idx" ON "update_report_questions" USING btree ("update_report_id","created_at");--> statement-breakpoint
CREATE INDEX "update_report_recipients_user_idx" ON "update_report_recipients" USING btree ("user_id","update_report_id");--> statement-breakpoint
CREATE INDEX "update_reports_status_published_idx" ON "update_reports" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "update_reports_published_idx" ON "update_reports" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "update_reports_created_idx" ON "update_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "update_reports_title_idx" ON "update_reports" USING btree ("title");--> statement-breakpoint
CREATE INDEX "update_reports_type_idx" ON "update_reports" USING btree ("report_type_id");--> statement-breakpoint
CREATE INDEX "update_reports_opportunity_idx" ON "update_reports" USING btree ("opportunity_id");--> statement-breakpoint
CREATE INDEX "update_reports_fund_idx" ON "update_reports" USING btree ("fund_id");--> statement-breakpoint
CREATE INDEX "update_reports_due_idx" ON "update_reports" USING btree ("publish_at") WHERE "update_reports"."status" = 1 and "update_reports"."publish_at" is not null and "update_reports"."deleted_at" is null;--> statement-breakpoint
INSERT INTO "report_types" ("id", "parent_id", "name", "position") VALUES
	(1, NULL, 'Quarterly update', 1),
	(2, NULL, 'Annual report', 2),
	(3, NULL, 'Company news', 3),
	(4, 1, 'Q1', 1),
	(5, 1, 'Q2', 2),
	(6, 1, 'Q3', 3),
	(7, 1, 'Q4', 4),
	(8, 3, 'Funding round', 1),
	(9, 3, 'Exit', 2),
	(10, 3, 'Team', 3);--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('report_types', 'id'), 10);

CREATE TABLE "organisation_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"organisation_id" integer,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"company_number" text,
	"role" text NOT NULL,
	"document_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "organisation_applications_status" CHECK ("organisation_applications"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "organisation_applications" ADD CONSTRAINT "organisation_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_applications" ADD CONSTRAINT "organisation_applications_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_applications" ADD CONSTRAINT "organisation_applications_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_applications" ADD CONSTRAINT "organisation_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_applications_user_idx" ON "organisation_applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "organisation_applications_status_idx" ON "organisation_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "organisation_applications_created_idx" ON "organisation_applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "organisation_applications_name_idx" ON "organisation_applications" USING btree ("name");--> statement-breakpoint
CREATE INDEX "investment_methods_created_idx" ON "investment_methods" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "nominees_created_idx" ON "nominees" USING btree ("created_at");
CREATE TABLE "share_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"opportunity_id" integer NOT NULL,
	"issued_on" date NOT NULL,
	"share_class" text NOT NULL,
	"price_per_share" numeric(24, 6) NOT NULL,
	"scheme" text NOT NULL,
	"statement_status" text DEFAULT 'not_submitted' NOT NULL,
	"statement_submitted_on" date,
	"hmrc_reference" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "share_issues_price_positive" CHECK ("share_issues"."price_per_share" > 0),
	CONSTRAINT "share_issues_scheme" CHECK ("share_issues"."scheme" in ('eis', 'seis', 'vct', 'none')),
	CONSTRAINT "share_issues_statement_status" CHECK ("share_issues"."statement_status" in ('not_submitted', 'submitted', 'authorised', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "tax_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"share_issue_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"certificate_reference" text,
	"issued_on" date,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "relief" text;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "share_issue_id" integer;--> statement-breakpoint
ALTER TABLE "pre_emption_entitlements" ADD COLUMN "investment_id" integer;--> statement-breakpoint
ALTER TABLE "share_issues" ADD CONSTRAINT "share_issues_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_issues" ADD CONSTRAINT "share_issues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_certificates" ADD CONSTRAINT "tax_certificates_share_issue_id_share_issues_id_fk" FOREIGN KEY ("share_issue_id") REFERENCES "public"."share_issues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_certificates" ADD CONSTRAINT "tax_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_certificates" ADD CONSTRAINT "tax_certificates_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_certificates" ADD CONSTRAINT "tax_certificates_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_issues_opportunity_idx" ON "share_issues" USING btree ("opportunity_id","issued_on");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_certificates_issue_owner_unique" ON "tax_certificates" USING btree ("share_issue_id","user_id") WHERE "tax_certificates"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "tax_certificates_user_idx" ON "tax_certificates" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_share_issue_id_share_issues_id_fk" FOREIGN KEY ("share_issue_id") REFERENCES "public"."share_issues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_emption_entitlements" ADD CONSTRAINT "pre_emption_entitlements_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "investments_share_issue_idx" ON "investments" USING btree ("share_issue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pre_emption_entitlements_investment_unique" ON "pre_emption_entitlements" USING btree ("investment_id");--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_relief" CHECK ("investments"."relief" in ('eis', 'seis', 'vct', 'none'));
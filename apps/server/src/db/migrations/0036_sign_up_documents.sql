CREATE TABLE "sign_up_document_acceptances" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"version" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title_shown" text NOT NULL,
	"sha256" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_up_document_acceptances_kind_check" CHECK ("sign_up_document_acceptances"."kind" in ('accepted', 'read'))
);
--> statement-breakpoint
CREATE TABLE "sign_up_document_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"version" integer NOT NULL,
	"original_filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_up_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"requires_acceptance" boolean DEFAULT true NOT NULL,
	"audience" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_up_documents_version_check" CHECK ("sign_up_documents"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "sign_up_document_acceptances" ADD CONSTRAINT "sign_up_document_acceptances_document_id_sign_up_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."sign_up_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_up_document_acceptances" ADD CONSTRAINT "sign_up_document_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_up_document_versions" ADD CONSTRAINT "sign_up_document_versions_document_id_sign_up_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."sign_up_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_up_document_versions" ADD CONSTRAINT "sign_up_document_versions_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sign_up_document_acceptances_unique" ON "sign_up_document_acceptances" USING btree ("user_id","document_id","version","kind");--> statement-breakpoint
CREATE INDEX "sign_up_document_acceptances_document_idx" ON "sign_up_document_acceptances" USING btree ("document_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "sign_up_document_versions_unique" ON "sign_up_document_versions" USING btree ("document_id","version");--> statement-breakpoint
CREATE INDEX "sign_up_documents_position_idx" ON "sign_up_documents" USING btree ("position");
CREATE TABLE "rich_text_image_uses" (
	"image_id" uuid NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" integer NOT NULL,
	CONSTRAINT "rich_text_image_uses_image_id_subject_type_subject_id_pk" PRIMARY KEY("image_id","subject_type","subject_id")
);
--> statement-breakpoint
CREATE TABLE "rich_text_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rich_text_image_uses" ADD CONSTRAINT "rich_text_image_uses_image_id_rich_text_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."rich_text_images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rich_text_images" ADD CONSTRAINT "rich_text_images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rich_text_image_uses_subject_idx" ON "rich_text_image_uses" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "rich_text_images_uploader_idx" ON "rich_text_images" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "activity_created_idx" ON "activity_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "funds_name_trgm_idx" ON "funds" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "investment_opportunities_company_trgm_idx" ON "investment_opportunities" USING gin ("company_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_name_trgm_idx" ON "documents" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_phone_trgm_idx" ON "contacts" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "update_reports_title_trgm_idx" ON "update_reports" USING gin ("title" gin_trgm_ops);
ALTER TABLE "settings" ADD COLUMN "font_file" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "default_owner_id" integer;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "default_adviser_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "adviser_id" integer;--> statement-breakpoint
ALTER TABLE "investment_method_entities" ADD COLUMN "opened_for_contact_id" integer;--> statement-breakpoint
ALTER TABLE "investment_method_entities" ADD CONSTRAINT "investment_method_entities_opened_for_contact_id_contacts_id_fk" FOREIGN KEY ("opened_for_contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_adviser_idx" ON "users" USING btree ("adviser_id");
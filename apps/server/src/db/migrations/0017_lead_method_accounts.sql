ALTER TABLE "investment_method_entities" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "investment_method_entities" ADD COLUMN "contact_id" integer;--> statement-breakpoint
ALTER TABLE "investment_method_entities" ADD CONSTRAINT "investment_method_entities_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "investment_method_entities_contact_idx" ON "investment_method_entities" USING btree ("contact_id");--> statement-breakpoint
ALTER TABLE "investment_method_entities" ADD CONSTRAINT "investment_method_entities_holder" CHECK (num_nonnulls("investment_method_entities"."user_id", "investment_method_entities"."contact_id") = 1);
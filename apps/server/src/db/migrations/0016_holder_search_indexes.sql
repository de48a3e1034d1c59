DROP INDEX "investment_method_entities_method_idx";--> statement-breakpoint
CREATE INDEX "investment_method_entities_method_reference_idx" ON "investment_method_entities" USING btree ("investment_method_id","reference");--> statement-breakpoint
CREATE INDEX "investment_methods_name_trgm_idx" ON "investment_methods" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "investment_methods_provider_trgm_idx" ON "investment_methods" USING gin ("provider" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "nominees_name_trgm_idx" ON "nominees" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "nominees_company_number_trgm_idx" ON "nominees" USING gin ("company_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organisation_applications_name_trgm_idx" ON "organisation_applications" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organisations_company_number_trgm_idx" ON "organisations" USING gin ("company_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "investment_method_entities_method_idx" ON "investment_method_entities" USING btree ("investment_method_id","created_at");
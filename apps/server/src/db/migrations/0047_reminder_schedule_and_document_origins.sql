ALTER TABLE "cash_call_reminders" DROP CONSTRAINT "cash_call_reminders_stage";--> statement-breakpoint
UPDATE "cash_call_reminders" SET "stage" = CASE "stage" WHEN 'before_due' THEN 'before:3' WHEN 'overdue' THEN 'after:7' ELSE "stage" END;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "cash_call_reminder_schedule" jsonb DEFAULT '{"days_before":[3],"on_due_day":true,"days_after":[7]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "origin" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
UPDATE "documents" AS d SET "origin" = CASE
  WHEN f."name" = 'Identity documents' AND d."uploaded_by" = d."subject_id" THEN 'identity'
  WHEN f."name" = 'Organisation applications' AND d."uploaded_by" = d."subject_id" THEN 'application'
  WHEN f."name" = 'Statements' AND d."original_filename" LIKE 'statement-%.pdf' THEN 'statement'
  ELSE 'staff' END
FROM "folders" AS f WHERE f."id" = d."folder_id" AND d."subject_type" = 'investor';--> statement-breakpoint
CREATE INDEX "bank_statement_lines_unresolved_idx" ON "bank_statement_lines" USING btree ("statement_id","position") WHERE "bank_statement_lines"."status" in ('suggested', 'unmatched');--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_origin" CHECK ("documents"."origin" in ('staff', 'identity', 'statement', 'application'));--> statement-breakpoint
ALTER TABLE "cash_call_reminders" ADD CONSTRAINT "cash_call_reminders_stage" CHECK ("cash_call_reminders"."stage" ~ '^((before|after):[1-9][0-9]*|due|manual)$');
DROP INDEX "compliance_questions_position_idx";--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "category_statements" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "risk_warning_template" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "risk_warning_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "appropriateness_bank_mode" text DEFAULT 'single' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "appropriateness_pass_mark" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "appropriateness_wait_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "appropriateness_questions_per_attempt" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "risk_warning_acknowledged_version" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "risk_warning_acknowledged_text" text;--> statement-breakpoint
ALTER TABLE "compliance_attempts" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "compliance_attempts" ADD COLUMN "bank" text DEFAULT 'a' NOT NULL;--> statement-breakpoint
ALTER TABLE "compliance_attempts" ADD COLUMN "pass_mark" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "compliance_questions" ADD COLUMN "bank" text DEFAULT 'a' NOT NULL;--> statement-breakpoint
CREATE INDEX "compliance_questions_bank_position_idx" ON "compliance_questions" USING btree ("bank","position");--> statement-breakpoint
-- Attempts taken before snapshots were kept: rebuilt from the bank as it stands now, the nearest
-- record there is of what those investors were shown.
UPDATE "compliance_attempts" AS a SET "questions" = coalesce((
  SELECT jsonb_agg(jsonb_build_object(
    'question_id', q."id",
    'question', q."question",
    'options', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', o."id", 'label', o."label", 'correct', o."correct") ORDER BY o."position", o."id"), '[]'::jsonb)
                FROM "compliance_options" o WHERE o."question_id" = q."id"),
    'chosen_option_id', (e.value)::int,
    'correct', coalesce((SELECT o."correct" FROM "compliance_options" o WHERE o."id" = (e.value)::int), false)
  ) ORDER BY q."position", q."id")
  FROM jsonb_each_text(a."answers") e JOIN "compliance_questions" q ON q."id" = (e.key)::int
), '[]'::jsonb);

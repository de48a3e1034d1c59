CREATE TABLE "bank_statement_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"statement_id" integer NOT NULL,
	"position" integer NOT NULL,
	"booked_on" date NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"currency" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"reference_key" text,
	"payer_name" text DEFAULT '' NOT NULL,
	"account" text,
	"fingerprint" text NOT NULL,
	"status" text NOT NULL,
	"match_kind" text,
	"investment_id" integer,
	"payment_id" integer,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "bank_statement_lines_amount_positive" CHECK ("bank_statement_lines"."amount" > 0),
	CONSTRAINT "bank_statement_lines_status" CHECK ("bank_statement_lines"."status" in ('matched', 'suggested', 'unmatched', 'ignored')),
	CONSTRAINT "bank_statement_lines_match_kind" CHECK ("bank_statement_lines"."match_kind" in ('reference', 'amount_and_name', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "bank_statements" (
	"id" serial PRIMARY KEY NOT NULL,
	"filename" text NOT NULL,
	"format" text NOT NULL,
	"account" text,
	"debits_skipped" integer DEFAULT 0 NOT NULL,
	"duplicates_skipped" integer DEFAULT 0 NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "cash_call_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"investment_id" integer NOT NULL,
	"stage" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"sent_by" integer,
	CONSTRAINT "cash_call_reminders_stage" CHECK ("cash_call_reminders"."stage" in ('before_due', 'due', 'overdue', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_statement_id_bank_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."bank_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statement_lines" ADD CONSTRAINT "bank_statement_lines_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_statements" ADD CONSTRAINT "bank_statements_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_call_reminders" ADD CONSTRAINT "cash_call_reminders_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_call_reminders" ADD CONSTRAINT "cash_call_reminders_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_fingerprint_unique" ON "bank_statement_lines" USING btree ("fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_lines_payment_unique" ON "bank_statement_lines" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_statement_idx" ON "bank_statement_lines" USING btree ("statement_id","position");--> statement-breakpoint
CREATE INDEX "bank_statement_lines_investment_idx" ON "bank_statement_lines" USING btree ("investment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_call_reminders_stage_unique" ON "cash_call_reminders" USING btree ("investment_id","stage") WHERE "cash_call_reminders"."stage" <> 'manual';--> statement-breakpoint
CREATE INDEX "cash_call_reminders_investment_idx" ON "cash_call_reminders" USING btree ("investment_id","sent_at");--> statement-breakpoint
CREATE INDEX "investments_open_outstanding_idx" ON "investments" USING btree ("currency",("amount" - "received_amount")) WHERE "investments"."status" = 'cash_call';
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"investment_id" integer,
	"opportunity_id" integer,
	"user_id" integer,
	"amount" numeric(20, 2) NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"state" text DEFAULT 'received' NOT NULL,
	"provider" text,
	"provider_reference" text,
	"received_on" date NOT NULL,
	"note" text,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_method" CHECK ("payments"."method" in ('bank_transfer', 'card', 'subscription', 'refund', 'manual')),
	CONSTRAINT "payments_state" CHECK ("payments"."state" in ('pending', 'received', 'failed', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD COLUMN "cash_call_payment_days" integer;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "received_amount" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "payment_due_on" date;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_investment_id_investments_id_fk" FOREIGN KEY ("investment_id") REFERENCES "public"."investments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_reference_unique" ON "payments" USING btree ("provider","provider_reference") WHERE "payments"."provider_reference" is not null;--> statement-breakpoint
CREATE INDEX "payments_investment_idx" ON "payments" USING btree ("investment_id");--> statement-breakpoint
CREATE INDEX "payments_opportunity_idx" ON "payments" USING btree ("opportunity_id","received_on");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","received_on");--> statement-breakpoint
CREATE INDEX "payments_received_on_idx" ON "payments" USING btree ("received_on");--> statement-breakpoint
CREATE INDEX "investments_payment_due_idx" ON "investments" USING btree ("payment_due_on") WHERE "investments"."status" = 'cash_call';--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD CONSTRAINT "investment_opportunities_cash_call_days" CHECK ("investment_opportunities"."cash_call_payment_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_received_amount" CHECK ("investments"."received_amount" >= 0);--> statement-breakpoint
-- Calls issued before due dates were stored fall due CASH_CALL_PAYMENT_DAYS (14) after issue, as they were shown.
UPDATE "investments" SET "payment_due_on" = ("cash_call_at" AT TIME ZONE 'UTC')::date + 14 WHERE "cash_call_at" IS NOT NULL;--> statement-breakpoint
-- Investments already paid were paid in full: the ledger records that payment, so received always equals the ledger's sum.
INSERT INTO "payments" ("investment_id", "opportunity_id", "user_id", "amount", "currency", "method", "state", "received_on", "note", "created_at", "updated_at")
SELECT "id", "opportunity_id", "user_id", "amount", "currency", 'manual', 'received', (coalesce("paid_at", "completed_at", "updated_at") AT TIME ZONE 'UTC')::date, 'Recorded before the payments ledger', now(), now()
FROM "investments" WHERE "status" IN ('paid', 'completed') AND "deleted_at" IS NULL;--> statement-breakpoint
UPDATE "investments" SET "received_amount" = "amount" WHERE "status" IN ('paid', 'completed') AND "deleted_at" IS NULL;

CREATE TABLE "fee_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"description" text NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"checkout_ref" text,
	"requested_by" integer,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "fee_requests_amount_positive" CHECK ("fee_requests"."amount" > 0),
	CONSTRAINT "fee_requests_status" CHECK ("fee_requests"."status" in ('open', 'paid', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "membership_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"amount" numeric(20, 2) NOT NULL,
	"currency" text NOT NULL,
	"interval" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"provider_price_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "membership_plans_amount_positive" CHECK ("membership_plans"."amount" > 0),
	CONSTRAINT "membership_plans_interval" CHECK ("membership_plans"."interval" in ('month', 'year'))
);
--> statement-breakpoint
CREATE TABLE "membership_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_end" timestamp with time zone,
	"provider" text NOT NULL,
	"checkout_ref" text,
	"provider_subscription_ref" text,
	"provider_customer_ref" text,
	"provider_seen_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "membership_subscriptions_status" CHECK ("membership_subscriptions"."status" in ('pending', 'active', 'past_due', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_ref" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purpose" text DEFAULT 'investment' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "subscription_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_request_id" integer;--> statement-breakpoint
ALTER TABLE "fee_requests" ADD CONSTRAINT "fee_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_requests" ADD CONSTRAINT "fee_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_subscriptions" ADD CONSTRAINT "membership_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_subscriptions" ADD CONSTRAINT "membership_subscriptions_plan_id_membership_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_requests_user_idx" ON "fee_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_plans_price_unique" ON "membership_plans" USING btree ("provider_price_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_subscriptions_open_unique" ON "membership_subscriptions" USING btree ("user_id") WHERE "membership_subscriptions"."status" <> 'ended';--> statement-breakpoint
CREATE UNIQUE INDEX "membership_subscriptions_provider_unique" ON "membership_subscriptions" USING btree ("provider","provider_subscription_ref");--> statement-breakpoint
CREATE INDEX "membership_subscriptions_user_idx" ON "membership_subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_events_unique" ON "provider_events" USING btree ("provider","event_ref");--> statement-breakpoint
CREATE INDEX "provider_events_received_idx" ON "provider_events" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_membership_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."membership_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_fee_request_id_fee_requests_id_fk" FOREIGN KEY ("fee_request_id") REFERENCES "public"."fee_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_subscription_idx" ON "payments" USING btree ("subscription_id","received_on");--> statement-breakpoint
CREATE INDEX "payments_fee_request_idx" ON "payments" USING btree ("fee_request_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose" CHECK ("payments"."purpose" in ('investment', 'fee', 'membership'));
CREATE TABLE "deal_placement_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"placement_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"client_group_id" integer,
	"market_sounding_accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_placements" (
	"id" serial PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"teaser" text NOT NULL,
	"inside_information" boolean DEFAULT false NOT NULL,
	"placed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" integer
);
--> statement-breakpoint
CREATE TABLE "intent_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"body" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intent_terms_version_check" CHECK ("intent_terms"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "intents" (
	"id" serial PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"placement_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"option" text NOT NULL,
	"amount" numeric(20, 2),
	"intent_terms_id" integer,
	"terms_accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intents_option_check" CHECK ("intents"."option" in ('finance_in_place', 'no_finance_in_place', 'not_interested')),
	CONSTRAINT "intents_amount_check" CHECK (("intents"."option" = 'not_interested' and "intents"."amount" is null) or ("intents"."option" <> 'not_interested' and "intents"."amount" > 0 and "intents"."intent_terms_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "deal_placement_recipients" ADD CONSTRAINT "deal_placement_recipients_placement_id_deal_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."deal_placements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_placement_recipients" ADD CONSTRAINT "deal_placement_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_placement_recipients" ADD CONSTRAINT "deal_placement_recipients_client_group_id_client_groups_id_fk" FOREIGN KEY ("client_group_id") REFERENCES "public"."client_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_placements" ADD CONSTRAINT "deal_placements_deal_id_pipeline_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."pipeline_deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_placements" ADD CONSTRAINT "deal_placements_placed_by_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_placements" ADD CONSTRAINT "deal_placements_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intent_terms" ADD CONSTRAINT "intent_terms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intents" ADD CONSTRAINT "intents_deal_id_pipeline_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."pipeline_deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intents" ADD CONSTRAINT "intents_placement_id_deal_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."deal_placements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intents" ADD CONSTRAINT "intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intents" ADD CONSTRAINT "intents_intent_terms_id_intent_terms_id_fk" FOREIGN KEY ("intent_terms_id") REFERENCES "public"."intent_terms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deal_placement_recipients_unique" ON "deal_placement_recipients" USING btree ("placement_id","user_id");--> statement-breakpoint
CREATE INDEX "deal_placement_recipients_user_idx" ON "deal_placement_recipients" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deal_placements_live_deal_unique" ON "deal_placements" USING btree ("deal_id") WHERE "deal_placements"."withdrawn_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "intent_terms_version_unique" ON "intent_terms" USING btree ("version");--> statement-breakpoint
CREATE UNIQUE INDEX "intents_deal_user_unique" ON "intents" USING btree ("deal_id","user_id");--> statement-breakpoint
CREATE INDEX "intents_placement_idx" ON "intents" USING btree ("placement_id");
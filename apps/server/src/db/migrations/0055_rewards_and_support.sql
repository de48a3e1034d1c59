CREATE TABLE "rewards" (
	"id" serial PRIMARY KEY NOT NULL,
	"opportunity_id" integer NOT NULL,
	"min_amount" numeric(20, 2) NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"how_to_claim" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "rewards_min_amount_check" CHECK ("rewards"."min_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "documents" DROP CONSTRAINT "documents_origin";--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rewards_opportunity_idx" ON "rewards" USING btree ("opportunity_id","min_amount");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_origin" CHECK ("documents"."origin" in ('staff', 'identity', 'statement', 'application', 'support'));
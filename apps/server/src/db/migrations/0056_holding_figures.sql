CREATE TABLE "holding_figures" (
	"user_id" integer NOT NULL,
	"opportunity_id" integer NOT NULL,
	"company_version" bigint NOT NULL,
	"valued_on" date NOT NULL,
	"round_price" text,
	"figures" jsonb NOT NULL,
	CONSTRAINT "holding_figures_user_id_opportunity_id_pk" PRIMARY KEY("user_id","opportunity_id")
);
--> statement-breakpoint
ALTER TABLE "holding_figures" ADD CONSTRAINT "holding_figures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_figures" ADD CONSTRAINT "holding_figures_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "library_folder_client_groups" (
	"folder_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "library_folder_client_groups_folder_id_group_id_pk" PRIMARY KEY("folder_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "library_folders" (
	"folder_id" integer PRIMARY KEY NOT NULL,
	"audience" text NOT NULL,
	"opportunity_id" integer,
	"fund_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_folders_audience" CHECK ("library_folders"."audience" in ('all', 'holders', 'groups')),
	CONSTRAINT "library_folders_one_subject" CHECK ("library_folders"."opportunity_id" is null or "library_folders"."fund_id" is null),
	CONSTRAINT "library_folders_holders_subject" CHECK ("library_folders"."audience" <> 'holders' or "library_folders"."opportunity_id" is not null or "library_folders"."fund_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "library_folder_client_groups" ADD CONSTRAINT "library_folder_client_groups_folder_id_library_folders_folder_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."library_folders"("folder_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_folder_client_groups" ADD CONSTRAINT "library_folder_client_groups_group_id_client_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."client_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_folders" ADD CONSTRAINT "library_folders_folder_id_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_folders" ADD CONSTRAINT "library_folders_opportunity_id_investment_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."investment_opportunities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_folders" ADD CONSTRAINT "library_folders_fund_id_funds_id_fk" FOREIGN KEY ("fund_id") REFERENCES "public"."funds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_folder_client_groups_group_idx" ON "library_folder_client_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "library_folders_opportunity_idx" ON "library_folders" USING btree ("opportunity_id");--> statement-breakpoint
CREATE INDEX "library_folders_fund_idx" ON "library_folders" USING btree ("fund_id");
CREATE TABLE "list_preferences" (
	"user_id" integer NOT NULL,
	"list" text NOT NULL,
	"hidden" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "list_preferences_user_id_list_pk" PRIMARY KEY("user_id","list")
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"list" text NOT NULL,
	"name" text NOT NULL,
	"state" jsonb NOT NULL,
	"hidden_columns" jsonb,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "list_preferences" ADD CONSTRAINT "list_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_user_list_name_unique" ON "saved_views" USING btree ("user_id","list",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_views_list_shared_idx" ON "saved_views" USING btree ("list") WHERE "saved_views"."shared";
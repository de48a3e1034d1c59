CREATE TABLE "attribute_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"attribute_id" integer NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" integer NOT NULL,
	"value" text,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject_type" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mode" text DEFAULT 'editable' NOT NULL,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "attributes_subject_type" CHECK ("attributes"."subject_type" in ('user', 'contact')),
	CONSTRAINT "attributes_type" CHECK ("attributes"."type" in ('text', 'number', 'date', 'select', 'multi_select', 'boolean')),
	CONSTRAINT "attributes_mode" CHECK ("attributes"."mode" in ('editable', 'locked'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "investor_category" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "categorisation_status" text;--> statement-breakpoint
ALTER TABLE "attribute_values" ADD CONSTRAINT "attribute_values_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attribute_values" ADD CONSTRAINT "attribute_values_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_values_unique" ON "attribute_values" USING btree ("attribute_id","subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "attribute_values_subject_idx" ON "attribute_values" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attributes_subject_name_unique" ON "attributes" USING btree ("subject_type",lower("name")) WHERE "attributes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "attributes_subject_position_idx" ON "attributes" USING btree ("subject_type","position");--> statement-breakpoint
CREATE INDEX "users_owner_idx" ON "users" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "users_last_login_idx" ON "users" USING btree ("last_login_at");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_category_idx" ON "users" USING btree ("investor_category","categorisation_status");--> statement-breakpoint
CREATE INDEX "users_appropriateness_idx" ON "users" USING btree ("compliance_passed","compliance_tries");--> statement-breakpoint
CREATE INDEX "users_deleted_idx" ON "users" USING btree ("deleted_at");--> statement-breakpoint
UPDATE "users" SET "investor_category" = c."category", "categorisation_status" = c."status"
FROM (SELECT DISTINCT ON ("user_id") "user_id", "category", "status" FROM "investor_categorisations" ORDER BY "user_id", "declared_at" DESC, "id" DESC) c
WHERE c."user_id" = "users"."id";

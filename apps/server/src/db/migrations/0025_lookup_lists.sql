CREATE TABLE "lookup_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"list" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"position" integer NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lookup_values_list_check" CHECK (list in ('industries', 'investment-types', 'investment-sub-types', 'investment-round-types', 'investment-categories', 'investment-characters'))
);
--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "investment_opportunities" ADD COLUMN "character" text;--> statement-breakpoint
ALTER TABLE "lookup_values" ADD CONSTRAINT "lookup_values_parent_id_lookup_values_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."lookup_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lookup_values_list_name_unique" ON "lookup_values" USING btree ("list","name");--> statement-breakpoint
CREATE INDEX "lookup_values_list_position_idx" ON "lookup_values" USING btree ("list","position");--> statement-breakpoint
CREATE INDEX "lookup_values_parent_idx" ON "lookup_values" USING btree ("parent_id");--> statement-breakpoint
-- Data (decision 0027): every distinct free-text value the records hold becomes an entry of its list,
-- exactly as written, so every record's value is an entry and nothing is lost. Blank values are not
-- values. Sub-types hang under the type they were first recorded with.
INSERT INTO "lookup_values" ("list", "name", "position")
SELECT 'industries', "name", (row_number() OVER (ORDER BY "name")) - 1
FROM (
	SELECT "industry" AS "name" FROM "pipeline_deals"
	UNION SELECT "industry" FROM "fund_investments"
	UNION SELECT "industry" FROM "investment_opportunities"
) AS "used"
WHERE btrim("name") <> '';--> statement-breakpoint
INSERT INTO "lookup_values" ("list", "name", "position")
SELECT 'investment-types', "name", (row_number() OVER (ORDER BY "name")) - 1
FROM (SELECT DISTINCT "type" AS "name" FROM "investment_opportunities") AS "used"
WHERE btrim("name") <> '';--> statement-breakpoint
INSERT INTO "lookup_values" ("list", "name", "position")
SELECT 'investment-round-types', "name", (row_number() OVER (ORDER BY "name")) - 1
FROM (SELECT DISTINCT "round_type" AS "name" FROM "investment_opportunities") AS "used"
WHERE btrim("name") <> '';--> statement-breakpoint
INSERT INTO "lookup_values" ("list", "name", "parent_id", "position")
SELECT 'investment-sub-types', "used"."name", "type"."id", (row_number() OVER (ORDER BY "used"."name")) - 1
FROM (
	SELECT "sub_type" AS "name", (array_agg("type" ORDER BY "id") FILTER (WHERE btrim("type") <> ''))[1] AS "type_name"
	FROM "investment_opportunities"
	GROUP BY "sub_type"
) AS "used"
LEFT JOIN "lookup_values" AS "type" ON "type"."list" = 'investment-types' AND "type"."name" = "used"."type_name"
WHERE btrim("used"."name") <> '';

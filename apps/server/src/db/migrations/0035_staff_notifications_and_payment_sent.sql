CREATE TABLE "notification_digests" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"items" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_notification_settings" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"bell" boolean DEFAULT true NOT NULL,
	"digest" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "in_bell" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "payment_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "payment_sent_on" date;--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "payment_sent_amount" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "payment_sent_note" text;--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_notification_settings" ADD CONSTRAINT "staff_notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_digests_user_day_unique" ON "notification_digests" USING btree ("user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_notification_settings_user_kind_unique" ON "staff_notification_settings" USING btree ("user_id","kind");
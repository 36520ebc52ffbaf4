ALTER TABLE "settings" ADD COLUMN "business_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "business_city" text DEFAULT 'New Orleans' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "business_state" text DEFAULT 'LA' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "business_website" text DEFAULT '' NOT NULL;
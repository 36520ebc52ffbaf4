ALTER TABLE "monthly_reports" ADD COLUMN "held_for_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "logo_width" integer;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "logo_height" integer;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "logo_updated_at" timestamp with time zone;
CREATE TABLE "response_time_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"working_days" integer[] NOT NULL,
	"opens_at" text NOT NULL,
	"closes_at" text NOT NULL,
	"time_zone" text DEFAULT '' NOT NULL,
	"plans" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "plan_at_open" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_response_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "response_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "response_paused_minutes" integer;--> statement-breakpoint
CREATE INDEX "saved_replies_title_idx" ON "saved_replies" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "tickets_response_due_at_idx" ON "tickets" USING btree ("response_due_at","id");--> statement-breakpoint
CREATE INDEX "tickets_created_at_idx" ON "tickets" USING btree ("created_at");
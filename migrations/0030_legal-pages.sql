CREATE TABLE "legal_pages" (
	"page" text PRIMARY KEY NOT NULL,
	"markdown" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "consultation_emails" boolean DEFAULT true NOT NULL;
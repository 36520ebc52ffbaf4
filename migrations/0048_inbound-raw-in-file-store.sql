ALTER TABLE "inbound_messages" DROP CONSTRAINT "inbound_messages_messageId_unique";--> statement-breakpoint
ALTER TABLE "inbound_messages" ALTER COLUMN "raw" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "raw_key" text;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "raw_sha256" text;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "raw_removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "original_email_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
CREATE INDEX "inbound_messages_message_id_idx" ON "inbound_messages" USING btree ("message_id");--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_dedupeKey_unique" UNIQUE("dedupe_key");
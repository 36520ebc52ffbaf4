ALTER TABLE "inbound_messages" ADD COLUMN "remote_address" text;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD COLUMN "helo" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "inbound_message_id" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_inbound_message_id_inbound_messages_id_fk" FOREIGN KEY ("inbound_message_id") REFERENCES "public"."inbound_messages"("id") ON DELETE set null ON UPDATE no action;
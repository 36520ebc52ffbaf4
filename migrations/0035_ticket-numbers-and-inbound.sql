CREATE TABLE "inbound_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" text NOT NULL,
	"via" text NOT NULL,
	"envelope_from" text,
	"envelope_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"from_address" text,
	"from_name" text,
	"subject" text,
	"raw" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"deliveries" integer DEFAULT 1 NOT NULL,
	"state" text DEFAULT 'received' NOT NULL,
	"state_detail" text,
	"authentication" jsonb,
	"refused_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ticket_id" uuid,
	"user_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "inbound_messages_messageId_unique" UNIQUE("message_id")
);
--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "source" text DEFAULT 'portal' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "email_message_id" text;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD COLUMN "inbound_message_id" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "number" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "tickets_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "reply_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_messages_received_at_idx" ON "inbound_messages" USING btree ("received_at","id");--> statement-breakpoint
CREATE INDEX "inbound_messages_state_received_at_idx" ON "inbound_messages" USING btree ("state","received_at","id");--> statement-breakpoint
CREATE INDEX "inbound_messages_search_idx" ON "inbound_messages" USING gin ((coalesce("from_address", '') || ' ' || coalesce("subject", '')) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_inbound_message_id_inbound_messages_id_fk" FOREIGN KEY ("inbound_message_id") REFERENCES "public"."inbound_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_messages_email_message_id_idx" ON "ticket_messages" USING btree ("email_message_id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_number_unique" UNIQUE("number");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_replyToken_unique" UNIQUE("reply_token");
CREATE TABLE "inbound_held_digests" (
	"day" date PRIMARY KEY NOT NULL,
	"held" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "held_mail_digest" boolean DEFAULT true NOT NULL;
CREATE TABLE "inbound_webhook_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);

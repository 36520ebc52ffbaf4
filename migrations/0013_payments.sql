CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"method" text NOT NULL,
	"stripe_payment_intent_id" text,
	"stripe_charge_id" text,
	"stripe_checkout_session_id" text,
	"paid_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"flag" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_stripePaymentIntentId_unique" UNIQUE("stripe_payment_intent_id")
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amount_paid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_flag" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pay_token_hash" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "charge_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "next_charge_on" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "last_charge_intent_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "open_checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reminders_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "payment_instructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "reminders_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "reminder_days" integer[] DEFAULT '{3,7,14}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "card_payment_method_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "card_exp_month" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "card_exp_year" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "auto_pay" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_invoice_id_idx" ON "payments" USING btree ("invoice_id","paid_at");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payTokenHash_unique" UNIQUE("pay_token_hash");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_stripeCustomerId_unique" UNIQUE("stripe_customer_id");--> statement-breakpoint
-- Written by hand: invoices paid before payments were itemised get one payment for their
-- total, so "paid" keeps meaning "its payments cover it".
INSERT INTO "payments" ("invoice_id", "amount", "method", "paid_at", "note")
SELECT "id", "total", 'other', coalesce("paid_at", "updated_at"), 'Marked paid before payments were recorded one by one'
FROM "invoices" WHERE "status" = 'paid';--> statement-breakpoint
UPDATE "invoices" SET "amount_paid" = "total" WHERE "status" = 'paid';

CREATE TABLE "client_tax_rates" (
	"user_id" uuid NOT NULL,
	"tax_rate_id" uuid NOT NULL,
	CONSTRAINT "client_tax_rates_user_id_tax_rate_id_pk" PRIMARY KEY("user_id","tax_rate_id")
);
--> statement-breakpoint
CREATE TABLE "credit_note_taxes" (
	"credit_note_id" uuid NOT NULL,
	"invoice_tax_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "credit_note_taxes_credit_note_id_invoice_tax_id_pk" PRIMARY KEY("credit_note_id","invoice_tax_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_taxes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"tax_rate_id" uuid,
	"name" text NOT NULL,
	"percent_thousandths" integer,
	"taxable_amount" integer NOT NULL,
	"amount" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"payout_id" text NOT NULL,
	"kind" text NOT NULL,
	"source_id" text,
	"amount" integer NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"net" integer NOT NULL,
	"description" text,
	"payment_id" uuid,
	"credit_note_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"arrival_date" date NOT NULL,
	"automatic" boolean DEFAULT true NOT NULL,
	"gross" integer DEFAULT 0 NOT NULL,
	"fees" integer DEFAULT 0 NOT NULL,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_deliveries" (
	"user_id" uuid NOT NULL,
	"month" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_deliveries_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"percent_thousandths" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "refunded_by_hand_on" date;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "refunded_by_hand_reference" text;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD COLUMN "taxable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_exempt_certificate" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "late_fee_for_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "taxable" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "taxes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "late_fee_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "late_fee_kind" text DEFAULT 'flat' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "late_fee_amount_cents" integer DEFAULT 2500 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "late_fee_percent_thousandths" integer DEFAULT 1500 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "late_fee_grace_days" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "late_fee_taxable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "statement_emails" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "accounting_accounts" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tax_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tax_exempt_certificate" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "late_fee_exempt" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "client_tax_rates" ADD CONSTRAINT "client_tax_rates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_tax_rates" ADD CONSTRAINT "client_tax_rates_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_taxes" ADD CONSTRAINT "credit_note_taxes_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_taxes" ADD CONSTRAINT "credit_note_taxes_invoice_tax_id_invoice_taxes_id_fk" FOREIGN KEY ("invoice_tax_id") REFERENCES "public"."invoice_taxes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_taxes" ADD CONSTRAINT "invoice_taxes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_taxes" ADD CONSTRAINT "invoice_taxes_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_lines" ADD CONSTRAINT "payout_lines_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_deliveries" ADD CONSTRAINT "statement_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_note_taxes_invoice_tax_id_idx" ON "credit_note_taxes" USING btree ("invoice_tax_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_taxes_invoice_position_idx" ON "invoice_taxes" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_taxes_tax_rate_id_idx" ON "invoice_taxes" USING btree ("tax_rate_id");--> statement-breakpoint
CREATE INDEX "payout_lines_payout_id_idx" ON "payout_lines" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "payout_lines_payment_id_idx" ON "payout_lines" USING btree ("payment_id") WHERE "payout_lines"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "payouts_arrival_date_idx" ON "payouts" USING btree ("arrival_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_active_name_idx" ON "tax_rates" USING btree (lower("name")) WHERE "tax_rates"."retired_at" is null;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_late_fee_for_invoice_id_invoices_id_fk" FOREIGN KEY ("late_fee_for_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_late_fee_for_invoice_id_idx" ON "invoices" USING btree ("late_fee_for_invoice_id");--> statement-breakpoint
-- An invoice from before named rates keeps its single tax amount as one rate-less row "Tax",
-- applied to the whole invoice after its discount (issue 39).
INSERT INTO "invoice_taxes" ("invoice_id", "position", "tax_rate_id", "name", "percent_thousandths", "taxable_amount", "amount")
SELECT "id", 0, NULL, 'Tax', NULL, greatest("subtotal" - "discount", 0), "tax" FROM "invoices" WHERE "tax" <> 0;

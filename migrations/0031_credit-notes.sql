CREATE TABLE "credit_note_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"credit_note_number" text,
	"invoice_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"payment_id" uuid,
	"refund_amount" integer DEFAULT 0 NOT NULL,
	"stripe_refund_id" text,
	"refund_status" text,
	"created_by_admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_at" timestamp with time zone,
	CONSTRAINT "credit_notes_creditNoteNumber_unique" UNIQUE("credit_note_number"),
	CONSTRAINT "credit_notes_stripeRefundId_unique" UNIQUE("stripe_refund_id")
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_admin_id_admins_id_fk" FOREIGN KEY ("created_by_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_id_idx" ON "credit_notes" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_notes_payment_id_idx" ON "credit_notes" USING btree ("payment_id") WHERE "credit_notes"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "credit_notes_issued_at_idx" ON "credit_notes" USING btree ("issued_at");
CREATE TABLE "failed_refunds" (
	"stripe_refund_id" text PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"credit_note_id" uuid,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "failed_refunds" ADD CONSTRAINT "failed_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_refunds" ADD CONSTRAINT "failed_refunds_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE restrict ON UPDATE no action;
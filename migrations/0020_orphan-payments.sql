ALTER TABLE "payments" ALTER COLUMN "invoice_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_email" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "flag_resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_client_id_idx" ON "payments" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at","id");--> statement-breakpoint
CREATE INDEX "payments_orphan_paid_at_idx" ON "payments" USING btree ("paid_at","id") WHERE "payments"."invoice_id" is null;--> statement-breakpoint
CREATE INDEX "payments_flagged_paid_at_idx" ON "payments" USING btree ("paid_at","id") WHERE "payments"."flag" is not null and "payments"."flag_resolved_at" is null;--> statement-breakpoint
CREATE INDEX "payments_refunded_paid_at_idx" ON "payments" USING btree ("paid_at","id") WHERE "payments"."refunded_amount" > 0;--> statement-breakpoint
CREATE INDEX "payments_search_idx" ON "payments" USING gin ((coalesce("payer_email", '') || ' ' || coalesce("reference", '') || ' ' || coalesce("stripe_payment_intent_id", '')) gin_trgm_ops);--> statement-breakpoint
-- Who paid the payments recorded before: their invoice's client.
UPDATE "payments" SET "client_id" = "invoices"."user_id" FROM "invoices" WHERE "invoices"."id" = "payments"."invoice_id";

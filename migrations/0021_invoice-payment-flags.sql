-- An invoice's warnings become a list: a dispute or a partial refund no longer overwrites the
-- warning before it. The one warning an invoice had becomes the first of its list, dated by
-- the invoice's last change and tied to the flagged payment it was about, if there is one.
ALTER TABLE "invoices" ADD COLUMN "payment_flags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "invoices" SET "payment_flags" = jsonb_build_array(jsonb_build_object(
  'id', gen_random_uuid(),
  'message', "payment_flag",
  'at', to_char("updated_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'paymentId', (
    SELECT "payments"."id" FROM "payments"
    WHERE "payments"."invoice_id" = "invoices"."id" AND "payments"."flag" = "invoices"."payment_flag"
    ORDER BY "payments"."created_at" DESC LIMIT 1
  )
))
WHERE "payment_flag" IS NOT NULL;

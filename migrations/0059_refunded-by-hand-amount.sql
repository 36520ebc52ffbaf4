ALTER TABLE "credit_notes" ADD COLUMN "refunded_by_hand_amount" integer;--> statement-breakpoint
-- A note marked returned by hand keeps the amount returned then. The audit row of the marking
-- recorded it; without one, what does not go back by card now (a card refund that failed after
-- the marking cannot be told apart then).
UPDATE "credit_notes" SET "refunded_by_hand_amount" = coalesce(
  (SELECT ("audit_events"."after" ->> 'amount')::integer FROM "audit_events"
    WHERE "audit_events"."kind" = 'invoice.credit_note_refunded_by_hand'
      AND "audit_events"."target_id" = "credit_notes"."invoice_id"::text
      AND "audit_events"."after" ->> 'creditNoteNumber' = "credit_notes"."credit_note_number"
    ORDER BY "audit_events"."created_at" DESC LIMIT 1),
  "credit_notes"."amount" - "credit_notes"."refund_amount")
WHERE "refunded_by_hand_on" IS NOT NULL;

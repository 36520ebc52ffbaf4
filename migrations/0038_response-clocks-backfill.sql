-- Tickets opened before response clocks: the plan the client had when each was opened (the
-- latest subscription event before it, while active or past due), and when the agency first
-- answered. Their due times need the support hours' arithmetic, which lives in one module
-- (shared/business-hours.ts): the server counts them at start (ticket-lifecycle.ts,
-- startEarlierClocks), finding them by their empty first_response_due_at.
UPDATE "tickets" t
SET "plan_at_open" = (
  SELECT e."tier"
  FROM "subscription_events" e
  WHERE e."user_id" = t."user_id" AND e."occurred_at" <= t."created_at"
  ORDER BY e."occurred_at" DESC, e."id" DESC
  LIMIT 1
)
WHERE (
  SELECT e."status"
  FROM "subscription_events" e
  WHERE e."user_id" = t."user_id" AND e."occurred_at" <= t."created_at"
  ORDER BY e."occurred_at" DESC, e."id" DESC
  LIMIT 1
) IN ('active', 'past_due');
--> statement-breakpoint
UPDATE "tickets" t
SET "first_response_at" = (
  SELECT min(m."created_at")
  FROM "ticket_messages" m
  WHERE m."ticket_id" = t."id" AND m."is_admin_reply"
);

CREATE TABLE "subscription_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"tier" text NOT NULL,
	"monthly_price_cents" integer NOT NULL,
	"pending_tier" text,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pending_tier" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "pending_tier_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_events_user_id_idx" ON "subscription_events" USING btree ("user_id","occurred_at");--> statement-breakpoint
CREATE INDEX "subscription_events_subscription_id_idx" ON "subscription_events" USING btree ("subscription_id","occurred_at");--> statement-breakpoint
CREATE INDEX "subscription_events_occurred_at_idx" ON "subscription_events" USING btree ("occurred_at");--> statement-breakpoint
-- Backfill: the history that the existing subscriptions imply, in the order it happened. The
-- plans' monthly prices are those of shared/plans.ts when this was written. A withdrawn
-- request is a canceled subscription that never had a period.
INSERT INTO "subscription_events" ("user_id", "subscription_id", "kind", "status", "tier", "monthly_price_cents", "period_start", "period_end", "occurred_at")
SELECT "user_id", "subscription_id", "kind", "status", "tier",
	CASE "tier" WHEN 'essentials' THEN 19900 WHEN 'signature' THEN 39900 ELSE 59900 END,
	"period_start", "period_end", "occurred_at"
FROM (
	SELECT s."user_id", s."id" AS "subscription_id", 'requested' AS "kind", 'pending' AS "status", s."tier",
		NULL::timestamptz AS "period_start", NULL::timestamptz AS "period_end", s."created_at" AS "occurred_at", 1 AS "step"
	FROM "subscriptions" s
	UNION ALL
	SELECT s."user_id", s."id", 'activated', 'active', s."tier",
		s."activated_at", s."activated_at" + interval '1 month', s."activated_at", 2
	FROM "subscriptions" s WHERE s."activated_at" IS NOT NULL
	UNION ALL
	SELECT s."user_id", s."id", 'renewed', 'active', coalesce(i."plan_type", s."tier"),
		i."period_start", i."period_end", coalesce(i."paid_at", i."updated_at"), 3
	FROM "subscriptions" s
	JOIN "invoices" i ON i."subscription_id" = s."id" AND i."period_start" IS NOT NULL AND i."status" = 'paid'
	UNION ALL
	SELECT s."user_id", s."id", 'cancel_requested', CASE s."status" WHEN 'past_due' THEN 'past_due' ELSE 'active' END, s."tier",
		s."current_period_start", s."current_period_end", s."cancel_requested_at", 4
	FROM "subscriptions" s
	WHERE s."cancel_at_period_end" AND s."cancel_requested_at" IS NOT NULL AND s."current_period_end" IS NOT NULL
	UNION ALL
	SELECT s."user_id", s."id", 'past_due', 'past_due', s."tier",
		s."current_period_start", s."current_period_end", s."updated_at", 5
	FROM "subscriptions" s WHERE s."status" = 'past_due'
	UNION ALL
	SELECT s."user_id", s."id", 'canceled', 'canceled', s."tier",
		s."current_period_start", s."current_period_end", s."updated_at", 6
	FROM "subscriptions" s WHERE s."status" = 'canceled' AND s."current_period_end" IS NOT NULL
	UNION ALL
	SELECT s."user_id", s."id", 'withdrawn', 'canceled', s."tier",
		NULL, NULL, coalesce(s."cancel_requested_at", s."updated_at"), 6
	FROM "subscriptions" s WHERE s."status" = 'canceled' AND s."current_period_end" IS NULL
) AS "history"
ORDER BY "occurred_at", "step";

-- The plan catalogue becomes rows (issue 37): the spec's three plans keep their ids, and take
-- the per-plan updates allowance and response targets saved in Settings, which move here.
CREATE TABLE "plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"monthly_price_cents" integer NOT NULL,
	"features" jsonb NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"position" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"updates_per_month" integer,
	"response_times" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "plans" ("id", "name", "description", "monthly_price_cents", "features", "popular",
                     "position", "updates_per_month", "response_times")
VALUES
  ('essentials', 'Essentials', 'A polished, dependable website for businesses getting established online.', 19900,
   '["Template-based website","5 pages","Hosting included","Basic SEO","Monthly updates","Email support"]'::jsonb,
   false, 0, 1,
   '{"aroundTheClock":false,"firstResponse":{"amount":2,"unit":"days"},"nextResponse":{"amount":2,"unit":"days"}}'::jsonb),
  ('signature', 'Signature', 'A semi-custom site and a partner who checks in on your strategy.', 39900,
   '["Semi-custom design","10 pages","Hosting included","Advanced SEO","Bi-weekly updates","Strategy check-ins","Priority email and chat support","Social integration","Analytics setup"]'::jsonb,
   true, 1, 2,
   '{"aroundTheClock":false,"firstResponse":{"amount":1,"unit":"days"},"nextResponse":{"amount":1,"unit":"days"}}'::jsonb),
  ('prestige', 'Prestige', 'A fully custom web presence with hands-on consulting every month.', 59900,
   '["Fully custom design","Unlimited pages","Hosting included","Advanced SEO with monthly audits","Unlimited updates","Monthly consulting","24/7 support","E-commerce","Custom integrations","Monthly reports","Dedicated account manager"]'::jsonb,
   false, 2, null,
   '{"aroundTheClock":true,"firstResponse":{"amount":4,"unit":"hours"},"nextResponse":{"amount":4,"unit":"hours"}}'::jsonb);
--> statement-breakpoint
-- What the owner saved in Settings wins over the defaults (a JSON null is unlimited).
UPDATE "plans" SET "updates_per_month" = CASE
    WHEN jsonb_typeof(s."updates_per_month" -> "plans"."id") = 'number'
      THEN (s."updates_per_month" ->> "plans"."id")::integer
    ELSE NULL
  END
FROM "settings" s
WHERE s."id" = 1 AND s."updates_per_month" ? "plans"."id";
--> statement-breakpoint
UPDATE "plans" SET "response_times" = r."plans" -> "plans"."id"
FROM "response_time_settings" r
WHERE r."id" = 1 AND r."plans" ? "plans"."id";
--> statement-breakpoint
ALTER TABLE "response_time_settings" DROP COLUMN "plans";--> statement-breakpoint
ALTER TABLE "settings" DROP COLUMN "updates_per_month";--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "price_change_notice_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
-- Each subscription keeps its own price: today's, its tier's.
ALTER TABLE "subscriptions" ADD COLUMN "monthly_price_cents" integer;--> statement-breakpoint
UPDATE "subscriptions" SET "monthly_price_cents" = p."monthly_price_cents"
FROM "plans" p WHERE p."id" = "subscriptions"."tier";
--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "monthly_price_cents" SET DEFAULT null;--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "monthly_price_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_price_cents" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_price_from" timestamp with time zone;--> statement-breakpoint
-- A subscription inserted without a price takes its plan's current one (the NOT NULL check
-- runs after this trigger): the demo seed and tests insert rows, and the price is never 0.
CREATE FUNCTION fill_subscription_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.monthly_price_cents IS NULL THEN
    SELECT p.monthly_price_cents INTO NEW.monthly_price_cents FROM plans p WHERE p.id = NEW.tier;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER subscriptions_fill_price BEFORE INSERT ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION fill_subscription_price();
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_plan_type_plans_id_fk" FOREIGN KEY ("plan_type") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_links" ADD CONSTRAINT "signup_links_plan_type_plans_id_fk" FOREIGN KEY ("plan_type") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_tier_plans_id_fk" FOREIGN KEY ("tier") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_pending_tier_plans_id_fk" FOREIGN KEY ("pending_tier") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_tier_plans_id_fk" FOREIGN KEY ("tier") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_pending_tier_plans_id_fk" FOREIGN KEY ("pending_tier") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_plan_at_open_plans_id_fk" FOREIGN KEY ("plan_at_open") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;

CREATE TABLE "identity_email_codes" (
	"interaction_uid" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"account_id" uuid,
	"pending_signup" jsonb,
	"code_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "invoices_client_email_idx";--> statement-breakpoint
ALTER TABLE "identity_accounts" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_email_codes" ADD CONSTRAINT "identity_email_codes_account_id_identity_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."identity_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_email_codes_expires_at_idx" ON "identity_email_codes" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_user_id_idx" ON "invoices" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "invoices_client_email_idx" ON "invoices" USING btree (lower("client_email"));--> statement-breakpoint
-- A subscription's invoices belong to its client. Other invoices were matched to clients by
-- the e-mail text; they now wait for the account that verifies that e-mail (next sign-in).
UPDATE "invoices" SET "user_id" = s."user_id"
  FROM "subscriptions" s
  WHERE "invoices"."subscription_id" = s."id" AND "invoices"."user_id" IS NULL;
--> statement-breakpoint
-- Clients of the built-in provider were recorded under its URL, which follows APP_URL and
-- PORT: a server started under another address made an empty duplicate per client. Each
-- identity keeps one row: the one with a running subscription, else one with any
-- subscription, else the oldest; the duplicates' tickets, invoices and used signup links
-- move to it (a duplicate's own subscription can only be a newer request, and goes).
CREATE TEMPORARY TABLE "user_merges" AS
  WITH "ranked" AS (
    SELECT u."id", u."oidc_subject",
      row_number() OVER (
        PARTITION BY u."oidc_subject"
        ORDER BY (s."status" IN ('active', 'past_due')) DESC NULLS LAST,
          (s."id" IS NOT NULL) DESC, u."created_at", u."id"
      ) AS "rank"
    FROM "users" u LEFT JOIN "subscriptions" s ON s."user_id" = u."id"
    WHERE u."oidc_subject" IN (SELECT "id"::text FROM "identity_accounts")
  )
  SELECT d."id" AS "duplicate_id", k."id" AS "keeper_id"
  FROM "ranked" d JOIN "ranked" k ON k."oidc_subject" = d."oidc_subject" AND k."rank" = 1
  WHERE d."rank" > 1;
--> statement-breakpoint
UPDATE "tickets" SET "user_id" = m."keeper_id"
  FROM "user_merges" m WHERE "tickets"."user_id" = m."duplicate_id";
--> statement-breakpoint
UPDATE "invoices" SET "user_id" = m."keeper_id"
  FROM "user_merges" m WHERE "invoices"."user_id" = m."duplicate_id";
--> statement-breakpoint
UPDATE "signup_links" SET "used_by" = m."keeper_id"
  FROM "user_merges" m WHERE "signup_links"."used_by" = m."duplicate_id";
--> statement-breakpoint
UPDATE "users" SET
    "business_name" = coalesce("users"."business_name", d."business_name"),
    "phone_number" = coalesce("users"."phone_number", d."phone_number")
  FROM "user_merges" m JOIN "users" d ON d."id" = m."duplicate_id"
  WHERE "users"."id" = m."keeper_id";
--> statement-breakpoint
DELETE FROM "users" WHERE "id" IN (SELECT "duplicate_id" FROM "user_merges");
--> statement-breakpoint
DROP TABLE "user_merges";
--> statement-breakpoint
UPDATE "users" SET "oidc_issuer" = 'built-in'
  WHERE "oidc_subject" IN (SELECT "id"::text FROM "identity_accounts");

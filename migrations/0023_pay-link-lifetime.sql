ALTER TABLE "invoices" ADD COLUMN "pay_link_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "pay_link_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Links handed out before links expired work for 60 days from now, as a new one would.
UPDATE "invoices" SET "pay_link_expires_at" = now() + interval '60 days'
WHERE "pay_token_hash" IS NOT NULL;

ALTER TABLE "consultations" ADD COLUMN "plan_id" text;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "request_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "consultations_email_created_at_idx" ON "consultations" USING btree ("email","created_at");
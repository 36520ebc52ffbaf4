CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "client_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"author_admin_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "invoices_user_id_idx";--> statement-breakpoint
DROP INDEX "consultations_created_at_idx";--> statement-breakpoint
DROP INDEX "invoices_created_at_idx";--> statement-breakpoint
DROP INDEX "outbox_messages_created_at_idx";--> statement-breakpoint
DROP INDEX "signup_links_created_at_idx";--> statement-breakpoint
DROP INDEX "tickets_updated_at_idx";--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_notes" ADD CONSTRAINT "client_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_notes" ADD CONSTRAINT "client_notes_author_admin_id_admins_id_fk" FOREIGN KEY ("author_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_notes_user_id_created_at_idx" ON "client_notes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "consultations_status_created_at_idx" ON "consultations" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "consultations_search_idx" ON "consultations" USING gin ((coalesce("name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("business_name", '') || ' ' || coalesce("phone", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_user_id_created_at_idx" ON "invoices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_status_created_at_idx" ON "invoices" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_search_idx" ON "invoices" USING gin ((coalesce("invoice_number", '') || ' ' || coalesce("client_name", '') || ' ' || coalesce("client_email", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "outbox_messages_status_created_at_idx" ON "outbox_messages" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_messages_recipient_idx" ON "outbox_messages" USING btree (lower("to_address"),"created_at");--> statement-breakpoint
CREATE INDEX "outbox_messages_search_idx" ON "outbox_messages" USING gin ((coalesce("to_address", '') || ' ' || coalesce("subject", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "signup_links_email_idx" ON "signup_links" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "signup_links_search_idx" ON "signup_links" USING gin ((coalesce("email", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_status_updated_at_idx" ON "tickets" USING btree ("status","updated_at","id");--> statement-breakpoint
CREATE INDEX "tickets_search_idx" ON "tickets" USING gin ((coalesce("subject", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ((coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("business_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "consultations_created_at_idx" ON "consultations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_created_at_idx" ON "invoices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_messages_created_at_idx" ON "outbox_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "signup_links_created_at_idx" ON "signup_links" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_updated_at_idx" ON "tickets" USING btree ("updated_at","id");
CREATE TABLE "proposal_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "proposal_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"proposal_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"version" integer,
	"email" text,
	"ip" text,
	"user_agent" text,
	"document_sha256" text,
	"consent_text" text,
	"consent_sha256" text,
	"detail" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proposal_versions" (
	"proposal_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"document_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposal_versions_proposal_id_version_pk" PRIMARY KEY("proposal_id","version")
);
--> statement-breakpoint
CREATE TABLE "proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"recipient_business" text,
	"user_id" uuid,
	"lead_search_id" uuid,
	"lead_id" text,
	"consultation_id" uuid,
	"plan_id" text,
	"plan_name" text,
	"plan_monthly_cents" integer,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deposit_percent" integer DEFAULT 0 NOT NULL,
	"valid_until" date NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"token_hash" text,
	"token_version" integer DEFAULT 1 NOT NULL,
	"sent_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"signed_version" integer,
	"signer_name" text,
	"signature_drawn" text,
	"signature_typed" text,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"expired_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"deposit_invoice_id" uuid,
	"remainder_invoice_id" uuid,
	"agreement_key" text,
	"agreement_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proposals_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "proposal_terms" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "esign_consent_text" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "proposal_reminder_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "proposal_events" ADD CONSTRAINT "proposal_events_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposal_versions" ADD CONSTRAINT "proposal_versions_proposal_id_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_lead_search_id_lead_searches_id_fk" FOREIGN KEY ("lead_search_id") REFERENCES "public"."lead_searches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_consultation_id_consultations_id_fk" FOREIGN KEY ("consultation_id") REFERENCES "public"."consultations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_deposit_invoice_id_invoices_id_fk" FOREIGN KEY ("deposit_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proposals" ADD CONSTRAINT "proposals_remainder_invoice_id_invoices_id_fk" FOREIGN KEY ("remainder_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proposal_events_proposal_id_idx" ON "proposal_events" USING btree ("proposal_id","id");--> statement-breakpoint
CREATE INDEX "proposal_events_kind_occurred_at_idx" ON "proposal_events" USING btree ("kind","occurred_at");--> statement-breakpoint
CREATE INDEX "proposals_created_at_idx" ON "proposals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "proposals_status_created_at_idx" ON "proposals" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "proposals_user_id_idx" ON "proposals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "proposals_recipient_email_idx" ON "proposals" USING btree ("recipient_email");--> statement-breakpoint
CREATE INDEX "proposals_search_idx" ON "proposals" USING gin ((coalesce("title", '') || ' ' || coalesce("recipient_name", '') || ' ' || coalesce("recipient_email", '') || ' ' || coalesce("recipient_business", '')) gin_trgm_ops);--> statement-breakpoint
-- A proposal's evidence and its sent versions are append-only: no update, and no delete but
-- the cascade of the proposal's own removal (by then the proposal row is gone).
CREATE FUNCTION "proposal_evidence_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM "proposals" WHERE "id" = OLD."proposal_id") THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "proposal_events_append_only" BEFORE UPDATE OR DELETE ON "proposal_events"
  FOR EACH ROW EXECUTE FUNCTION "proposal_evidence_append_only"();--> statement-breakpoint
CREATE TRIGGER "proposal_versions_append_only" BEFORE UPDATE OR DELETE ON "proposal_versions"
  FOR EACH ROW EXECUTE FUNCTION "proposal_evidence_append_only"();

CREATE TABLE "monthly_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"month" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"facts" jsonb NOT NULL,
	"pdf" "bytea" NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_check_hours" (
	"site_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"checks" integer NOT NULL,
	"failures" integer NOT NULL,
	"response_ms_median" integer,
	"response_ms_max" integer,
	CONSTRAINT "site_check_hours_site_id_hour_pk" PRIMARY KEY("site_id","hour")
);
--> statement-breakpoint
CREATE TABLE "site_checks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "site_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" uuid NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"ok" boolean NOT NULL,
	"status_code" integer,
	"response_ms" integer,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "site_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"reason" text NOT NULL,
	"ticket_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"url" text NOT NULL,
	"keyword" text,
	"paused" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'unknown' NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_checked_at" timestamp with time zone,
	"last_response_ms" integer,
	"last_error" text,
	"certificate_expires_at" timestamp with time zone,
	"certificate_issued_at" timestamp with time zone,
	"certificate_valid" boolean,
	"certificate_warned_for" timestamp with time zone,
	"certificate_warned_days" integer,
	"domain_expires_at" timestamp with time zone,
	"domain_expiry_source" text,
	"domain_checked_at" timestamp with time zone,
	"domain_warned_for" timestamp with time zone,
	"domain_warned_days" integer,
	"last_alert_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "updates_per_month" jsonb DEFAULT '{"essentials":1,"signature":2,"prestige":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "extra_update_price_cents" integer DEFAULT 7500 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "kind" text DEFAULT 'question' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "extra_update_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "monthly_reports" ADD CONSTRAINT "monthly_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_check_hours" ADD CONSTRAINT "site_check_hours_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_checks" ADD CONSTRAINT "site_checks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_incidents" ADD CONSTRAINT "site_incidents_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_incidents" ADD CONSTRAINT "site_incidents_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_reports_user_id_month_idx" ON "monthly_reports" USING btree ("user_id","month");--> statement-breakpoint
CREATE INDEX "site_checks_site_id_checked_at_idx" ON "site_checks" USING btree ("site_id","checked_at");--> statement-breakpoint
CREATE INDEX "site_checks_checked_at_idx" ON "site_checks" USING btree ("checked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "site_incidents_one_open_idx" ON "site_incidents" USING btree ("site_id") WHERE "site_incidents"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "site_incidents_site_id_started_at_idx" ON "site_incidents" USING btree ("site_id","started_at");--> statement-breakpoint
CREATE INDEX "sites_user_id_idx" ON "sites" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sites_next_check_at_idx" ON "sites" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "sites_search_idx" ON "sites" USING gin ((coalesce("url", '')) gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_extra_update_invoice_id_invoices_id_fk" FOREIGN KEY ("extra_update_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_user_id_kind_created_at_idx" ON "tickets" USING btree ("user_id","kind","created_at");
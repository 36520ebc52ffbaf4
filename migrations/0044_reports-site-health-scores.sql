CREATE TABLE "site_health_scores" (
	"site_id" uuid NOT NULL,
	"month" text NOT NULL,
	"score" integer NOT NULL,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	CONSTRAINT "site_health_scores_site_id_month_pk" PRIMARY KEY("site_id","month")
);
--> statement-breakpoint
ALTER TABLE "site_health_scores" ADD CONSTRAINT "site_health_scores_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;
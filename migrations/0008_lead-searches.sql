CREATE TABLE "lead_search_cells" (
	"search_id" uuid NOT NULL,
	"cell" integer NOT NULL,
	CONSTRAINT "lead_search_cells_search_id_cell_pk" PRIMARY KEY("search_id","cell")
);
--> statement-breakpoint
CREATE TABLE "lead_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"criteria" jsonb NOT NULL,
	"bulk" boolean NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"cells_total" integer NOT NULL,
	"cells_done" integer DEFAULT 0 NOT NULL,
	"leads_found" integer DEFAULT 0 NOT NULL,
	"websites_total" integer DEFAULT 0 NOT NULL,
	"websites_analysed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"total_unfiltered" integer DEFAULT 0 NOT NULL,
	"error" text,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "search_leads" (
	"search_id" uuid NOT NULL,
	"id" text NOT NULL,
	"position" integer NOT NULL,
	"facts" jsonb NOT NULL,
	"enriched" boolean NOT NULL,
	"lead" jsonb,
	"summary" jsonb,
	CONSTRAINT "search_leads_search_id_id_pk" PRIMARY KEY("search_id","id")
);
--> statement-breakpoint
CREATE TABLE "website_analyses" (
	"url" text PRIMARY KEY NOT NULL,
	"signals" jsonb NOT NULL,
	"analysed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_search_cells" ADD CONSTRAINT "lead_search_cells_search_id_lead_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."lead_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_leads" ADD CONSTRAINT "search_leads_search_id_lead_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."lead_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_searches_created_at_idx" ON "lead_searches" USING btree ("created_at");
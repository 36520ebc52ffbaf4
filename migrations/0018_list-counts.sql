-- How many rows the long lists hold, in all ('') and per status, kept by statement triggers
-- that append +n / -n rows (never update one), so that writers never wait on each other and a
-- list's page reads a handful of rows instead of counting 100,000 (server/db/list-counts.ts).
CREATE TABLE "list_counts" (
	"list" text NOT NULL,
	"key" text NOT NULL,
	"n" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "list_counts_list_key_idx" ON "list_counts" USING btree ("list","key");
--> statement-breakpoint
CREATE FUNCTION "count_list_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO list_counts (list, key, n)
      SELECT TG_ARGV[0], counted.key, count(*)
      FROM (SELECT '' AS key FROM new_rows UNION ALL SELECT status FROM new_rows) counted
      GROUP BY counted.key;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO list_counts (list, key, n)
      SELECT TG_ARGV[0], counted.key, -count(*)
      FROM (SELECT '' AS key FROM old_rows UNION ALL SELECT status FROM old_rows) counted
      GROUP BY counted.key;
  ELSE
    INSERT INTO list_counts (list, key, n)
      SELECT TG_ARGV[0], moved.key, sum(moved.delta)
      FROM (
        SELECT before.status AS key, -1 AS delta
        FROM old_rows before JOIN new_rows after USING (id)
        WHERE before.status IS DISTINCT FROM after.status
        UNION ALL
        SELECT after.status, 1
        FROM old_rows before JOIN new_rows after USING (id)
        WHERE before.status IS DISTINCT FROM after.status
      ) moved
      GROUP BY moved.key
      HAVING sum(moved.delta) <> 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_counted_insert" AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('invoices');
--> statement-breakpoint
CREATE TRIGGER "invoices_counted_update" AFTER UPDATE ON "invoices" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('invoices');
--> statement-breakpoint
CREATE TRIGGER "invoices_counted_delete" AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('invoices');
--> statement-breakpoint
CREATE TRIGGER "outbox_messages_counted_insert" AFTER INSERT ON "outbox_messages" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('outbox');
--> statement-breakpoint
CREATE TRIGGER "outbox_messages_counted_update" AFTER UPDATE ON "outbox_messages" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('outbox');
--> statement-breakpoint
CREATE TRIGGER "outbox_messages_counted_delete" AFTER DELETE ON "outbox_messages" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_list_rows('outbox');
--> statement-breakpoint
INSERT INTO "list_counts" ("list", "key", "n")
  SELECT 'invoices', '', count(*) FROM "invoices"
  UNION ALL SELECT 'invoices', "status", count(*) FROM "invoices" GROUP BY "status"
  UNION ALL SELECT 'outbox', '', count(*) FROM "outbox_messages"
  UNION ALL SELECT 'outbox', "status", count(*) FROM "outbox_messages" GROUP BY "status";

-- Custom SQL migration file, put your code below! --
-- An admin who signed in before admins.last_signed_in_at existed is not greeted as new: the
-- audit log's latest sign-in of each admin fills the column in.
UPDATE "admins" SET "last_signed_in_at" = "signed_in"."at"
FROM (
  SELECT "target_id", max("created_at") AS "at"
  FROM "audit_events"
  WHERE "kind" = 'admin.signed_in' AND "target_type" = 'admin'
  GROUP BY "target_id"
) AS "signed_in"
WHERE "signed_in"."target_id" = "admins"."id"::text;

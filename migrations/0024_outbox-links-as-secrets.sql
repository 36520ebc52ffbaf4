-- Messages sent before the outbox kept track of the secrets it holds: their pay links and
-- signup links become secrets like those of newer messages, found by the hash of the token
-- the link carries. A link that no longer works (revoked, used, deleted with its invoice) is
-- due to be blanked at once; a working one when it expires. The next sweep blanks them.
UPDATE "outbox_messages" AS o
SET "secret_ref" = 'pay-link:' || i."id",
  "secrets" = jsonb_build_array(t."token"),
  "secrets_expire_at" = COALESCE(i."pay_link_expires_at", now()),
  "secrets_in_attachments" = jsonb_array_length(o."attachments") > 0
FROM (
  SELECT "id", substring("text" from '/pay/([A-Za-z0-9_-]{20,100})') AS "token"
  FROM "outbox_messages"
  WHERE "secret_ref" IS NULL AND "secrets" = '[]'::jsonb AND "text" ~ '/pay/[A-Za-z0-9_-]{20,100}'
) AS t
LEFT JOIN "invoices" AS i
  ON i."pay_token_hash" = encode(sha256(convert_to(t."token", 'UTF8')), 'hex')
WHERE o."id" = t."id";
--> statement-breakpoint
UPDATE "outbox_messages" AS o
SET "secret_ref" = 'signup-link:' || l."id",
  "secrets" = jsonb_build_array(t."token"),
  "secrets_expire_at" = CASE WHEN l."used_at" IS NULL THEN COALESCE(l."expires_at", now()) ELSE now() END
FROM (
  SELECT "id", substring("text" from '/signup/([A-Za-z0-9_-]{43})') AS "token"
  FROM "outbox_messages"
  WHERE "secret_ref" IS NULL AND "secrets" = '[]'::jsonb AND "text" ~ '/signup/[A-Za-z0-9_-]{43}'
) AS t
LEFT JOIN "signup_links" AS l
  ON l."token_hash" = encode(sha256(convert_to(t."token", 'UTF8')), 'hex')
WHERE o."id" = t."id";

ALTER TABLE "outbox_messages" ADD COLUMN "secret_ref" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "secrets" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "secrets_expire_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "secrets_in_attachments" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_messages_secret_ref_idx" ON "outbox_messages" USING btree ("secret_ref") WHERE "outbox_messages"."secret_ref" is not null;--> statement-breakpoint
CREATE INDEX "outbox_messages_secrets_expire_at_idx" ON "outbox_messages" USING btree ("secrets_expire_at") WHERE "outbox_messages"."secrets_expire_at" is not null;--> statement-breakpoint
-- Sign-up codes were written into the subject ("123456 is your ... verification code"). The
-- subject loses the code now; the code itself is kept as a secret that expires 15 minutes
-- after the message, as the code did, so the next sweep blanks it from the bodies too.
UPDATE "outbox_messages"
SET "secrets" = jsonb_build_array(substring("subject" from '^([0-9]{6}) is your ')),
  "secrets_expire_at" = "created_at" + interval '15 minutes',
  "subject" = regexp_replace("subject", '^[0-9]{6} is your ', 'Your ')
WHERE "subject" ~ '^[0-9]{6} is your ';

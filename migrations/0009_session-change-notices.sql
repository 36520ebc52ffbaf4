-- Every change to a session's data and every ended session is announced on the
-- "sessions_changed" channel (payload: the session id), whoever makes it: the session store,
-- a password change ending other sessions, pruning. App instances that keep sessions in memory
-- forget them on the notice. Moving only the expiry (a rolling session's touch) is not a change
-- of data and says nothing.
CREATE FUNCTION "sessions_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_changed', OLD.sid);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE OF "sess" OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "sessions_notify_change"();

-- Every API process keeps the callers it resolved for a few seconds (api/src/lib/session-cache.ts,
-- decision 032). Whatever ends a session or changes who a caller is (sign-out, a revoked or
-- expired session, a disabled account, a new role, firm, name, email or phone) announces the
-- account's id on the actor_changed channel when it commits, whoever made the change (the API,
-- better-auth or SQL typed by hand), so every process forgets that account at once.
CREATE FUNCTION "signingdesk_announce_user_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('actor_changed', OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "signingdesk_announce_user_of_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('actor_changed', OLD.user_id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "session_ended" AFTER DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION "signingdesk_announce_user_of_row"();
--> statement-breakpoint
CREATE TRIGGER "session_cut_short" AFTER UPDATE OF "expires_at" ON "session"
  FOR EACH ROW WHEN (NEW.expires_at < OLD.expires_at) EXECUTE FUNCTION "signingdesk_announce_user_of_row"();
--> statement-breakpoint
CREATE TRIGGER "profile_changed" AFTER UPDATE ON "profiles"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.firm_id IS DISTINCT FROM NEW.firm_id OR OLD.phone IS DISTINCT FROM NEW.phone)
  EXECUTE FUNCTION "signingdesk_announce_user_of_row"();
--> statement-breakpoint
CREATE TRIGGER "profile_removed" AFTER DELETE ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "signingdesk_announce_user_of_row"();
--> statement-breakpoint
CREATE TRIGGER "user_changed" AFTER UPDATE ON "user"
  FOR EACH ROW WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION "signingdesk_announce_user_row"();
--> statement-breakpoint
CREATE TRIGGER "user_removed" AFTER DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION "signingdesk_announce_user_row"();

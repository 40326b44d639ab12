-- hand-written: a signed-in member's session, account and profile are kept in each app server's
-- memory (ADR 032). A write to any of them (sign-in, sign-out, revocation, ban, role change,
-- profile edit, deletion) notifies the channel of ADR 024 at commit, and every server drops its
-- cached sessions before the writer's response has left. Page caches ignore these tables.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['session', 'user', 'profiles'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION crevarde_notify_data_changed()', t || '_notify_data_changed', t);
  END LOOP;
END;
$$;

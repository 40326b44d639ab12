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
--> statement-breakpoint
-- The deals' notify trigger (migration 0026) fires on content columns only; the schedule's columns
-- (migration 0034) were not among them. Every save through the back office sets the content columns
-- too, so nothing was missed yet; a write of the schedule alone now notifies as well: the cached
-- windows of /coup-de-crevarde depend on it.
DROP TRIGGER "crevarde_deals_notify_data_changed" ON "crevarde_deals";
--> statement-breakpoint
CREATE TRIGGER "crevarde_deals_notify_data_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "title", "description", "price", "original_price", "image_url", "source", "badge_text", "badge_type", "cta_text", "url", "brand_id", "is_featured", "brand_name", "author_id", "status", "published_at", "expired_at", "expires_at", "canonical_url", "publish_at", "unpublish_at" ON "crevarde_deals" FOR EACH STATEMENT EXECUTE FUNCTION crevarde_notify_data_changed();

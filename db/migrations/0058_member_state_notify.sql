-- hand-written: what /api/moi tells a member of their own votes, saved deals and codes and « Ça a marché ? » answers
-- is kept in each app server's memory, per member (ADR 048 §The member's own state). A write to one of these rows
-- notifies the channel of ADR 024 with 'member:<user id>' at commit, and every server forgets that member's state
-- only; a TRUNCATE notifies '*' (anything may have changed).
CREATE OR REPLACE FUNCTION crevarde_notify_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('crevarde_data_changed', 'member:' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('crevarde_data_changed', 'member:' || NEW.user_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION crevarde_notify_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('crevarde_data_changed', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "deal_votes_notify_member" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "deal_id", "value", "reason" ON "deal_votes" FOR EACH ROW EXECUTE FUNCTION crevarde_notify_member_changed();
--> statement-breakpoint
CREATE TRIGGER "saved_deals_notify_member" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "deal_id" ON "saved_deals" FOR EACH ROW EXECUTE FUNCTION crevarde_notify_member_changed();
--> statement-breakpoint
CREATE TRIGGER "saved_promo_codes_notify_member" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "promo_code_id" ON "saved_promo_codes" FOR EACH ROW EXECUTE FUNCTION crevarde_notify_member_changed();
--> statement-breakpoint
CREATE TRIGGER "code_feedback_notify_member" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "promo_code_id", "worked", "reason" ON "code_feedback" FOR EACH ROW EXECUTE FUNCTION crevarde_notify_member_changed();
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['deal_votes', 'saved_deals', 'saved_promo_codes', 'code_feedback'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION crevarde_notify_all_changed()', t || '_notify_truncate', t);
  END LOOP;
END;
$$;

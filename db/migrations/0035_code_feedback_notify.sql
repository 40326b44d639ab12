-- hand-written: the « Ça a marché ? » answers feed the success rates that public pages show and that
-- every app server now keeps in its data cache (ADR 026): a write notifies the channel of ADR 024,
-- which drops only the cached entries read from code_feedback (the page micro-cache ignores it).
CREATE TRIGGER "code_feedback_notify_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "code_feedback" FOR EACH STATEMENT EXECUTE FUNCTION crevarde_notify_data_changed();

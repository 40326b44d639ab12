-- A price observation (a CSV import of merchant prices, a merge of two product keys) changes what public pages say of a
-- deal's reduction: the caches that follow these tables are told, as for the content tables (ADR 024, ADR 049).
CREATE TRIGGER "price_observations_notify_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "price_observations" FOR EACH STATEMENT EXECUTE FUNCTION crevarde_notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER "price_key_aliases_notify_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "price_key_aliases" FOR EACH STATEMENT EXECUTE FUNCTION crevarde_notify_data_changed();

ALTER TABLE "crevarde_deals" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The deals' notify trigger fires on content columns only (migrations 0026, 0037): publishing a draft
-- (draft alone changes, e.g. a bulk « Publier ») must empty the caches of every server too. ADR 047.
DROP TRIGGER "crevarde_deals_notify_data_changed" ON "crevarde_deals";
--> statement-breakpoint
CREATE TRIGGER "crevarde_deals_notify_data_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "title", "description", "price", "original_price", "image_url", "source", "badge_text", "badge_type", "cta_text", "url", "brand_id", "is_featured", "brand_name", "author_id", "status", "published_at", "expired_at", "expires_at", "canonical_url", "publish_at", "unpublish_at", "draft" ON "crevarde_deals" FOR EACH STATEMENT EXECUTE FUNCTION crevarde_notify_data_changed();

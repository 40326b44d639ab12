DROP INDEX "offers_featured_idx";--> statement-breakpoint
CREATE INDEX "offers_featured_idx" ON "offers" USING btree ("is_featured","category_id");--> statement-breakpoint
ALTER TABLE "brands" DROP COLUMN "category";--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "category";--> statement-breakpoint
ALTER TABLE "promo_codes" DROP COLUMN "category";
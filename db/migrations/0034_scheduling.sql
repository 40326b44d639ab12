ALTER TABLE "crevarde_deals" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crevarde_deals" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "crevarde_deals_publish_at_idx" ON "crevarde_deals" USING btree ("publish_at") WHERE "crevarde_deals"."publish_at" is not null;--> statement-breakpoint
CREATE INDEX "crevarde_deals_unpublish_at_idx" ON "crevarde_deals" USING btree ("unpublish_at") WHERE "crevarde_deals"."unpublish_at" is not null;--> statement-breakpoint
CREATE INDEX "offers_publish_at_idx" ON "offers" USING btree ("publish_at") WHERE "offers"."publish_at" is not null;--> statement-breakpoint
CREATE INDEX "offers_unpublish_at_idx" ON "offers" USING btree ("unpublish_at") WHERE "offers"."unpublish_at" is not null;--> statement-breakpoint
CREATE INDEX "pages_publish_at_idx" ON "pages" USING btree ("publish_at") WHERE "pages"."publish_at" is not null;--> statement-breakpoint
CREATE INDEX "pages_unpublish_at_idx" ON "pages" USING btree ("unpublish_at") WHERE "pages"."unpublish_at" is not null;--> statement-breakpoint
CREATE INDEX "promo_codes_publish_at_idx" ON "promo_codes" USING btree ("publish_at") WHERE "promo_codes"."publish_at" is not null;--> statement-breakpoint
CREATE INDEX "promo_codes_unpublish_at_idx" ON "promo_codes" USING btree ("unpublish_at") WHERE "promo_codes"."unpublish_at" is not null;--> statement-breakpoint
ALTER TABLE "crevarde_deals" ADD CONSTRAINT "crevarde_deals_schedule_check" CHECK ("crevarde_deals"."publish_at" is null or "crevarde_deals"."unpublish_at" is null or "crevarde_deals"."unpublish_at" > "crevarde_deals"."publish_at");--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_schedule_check" CHECK ("offers"."publish_at" is null or "offers"."unpublish_at" is null or "offers"."unpublish_at" > "offers"."publish_at");--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_schedule_check" CHECK ("pages"."publish_at" is null or "pages"."unpublish_at" is null or "pages"."unpublish_at" > "pages"."publish_at");--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_schedule_check" CHECK ("promo_codes"."publish_at" is null or "promo_codes"."unpublish_at" is null or "promo_codes"."unpublish_at" > "promo_codes"."publish_at");
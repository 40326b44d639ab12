ALTER TABLE "slug_redirects" DROP CONSTRAINT "slug_redirects_target_check";--> statement-breakpoint
ALTER TABLE "blog_articles" ADD COLUMN "seo_title" text;--> statement-breakpoint
ALTER TABLE "blog_articles" ADD COLUMN "seo_description" text;--> statement-breakpoint
ALTER TABLE "blog_articles" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_articles" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_articles" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slug_redirects" ADD COLUMN "blog_article_id" text;--> statement-breakpoint
ALTER TABLE "slug_redirects" ADD CONSTRAINT "slug_redirects_blog_article_id_blog_articles_id_fk" FOREIGN KEY ("blog_article_id") REFERENCES "public"."blog_articles"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "blog_articles_publish_at_idx" ON "blog_articles" USING btree ("publish_at") WHERE "blog_articles"."publish_at" is not null;--> statement-breakpoint
CREATE INDEX "blog_articles_unpublish_at_idx" ON "blog_articles" USING btree ("unpublish_at") WHERE "blog_articles"."unpublish_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "slug_redirects_blog_slug_idx" ON "slug_redirects" USING btree ("old_slug") WHERE "slug_redirects"."blog_article_id" is not null;--> statement-breakpoint
CREATE INDEX "slug_redirects_blog_idx" ON "slug_redirects" USING btree ("blog_article_id");--> statement-breakpoint
ALTER TABLE "blog_articles" ADD CONSTRAINT "blog_articles_category_check" CHECK ("blog_articles"."category" in ('Décryptage', 'Bons plans', 'Science', 'Témoignage', 'Conseils', 'Guides'));--> statement-breakpoint
ALTER TABLE "blog_articles" ADD CONSTRAINT "blog_articles_schedule_check" CHECK ("blog_articles"."publish_at" is null or "blog_articles"."unpublish_at" is null or "blog_articles"."unpublish_at" > "blog_articles"."publish_at");--> statement-breakpoint
ALTER TABLE "slug_redirects" ADD CONSTRAINT "slug_redirects_target_check" CHECK (num_nonnulls("slug_redirects"."page_id", "slug_redirects"."category_id", "slug_redirects"."blog_article_id") = 1);
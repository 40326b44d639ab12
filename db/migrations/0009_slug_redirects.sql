CREATE TABLE "slug_redirects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"old_slug" text NOT NULL,
	"page_id" uuid,
	"category_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slug_redirects_target_check" CHECK (num_nonnulls("slug_redirects"."page_id", "slug_redirects"."category_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "slug_redirects" ADD CONSTRAINT "slug_redirects_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slug_redirects" ADD CONSTRAINT "slug_redirects_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "slug_redirects_page_slug_idx" ON "slug_redirects" USING btree ("old_slug") WHERE "slug_redirects"."page_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "slug_redirects_category_slug_idx" ON "slug_redirects" USING btree ("old_slug") WHERE "slug_redirects"."category_id" is not null;--> statement-breakpoint
CREATE INDEX "slug_redirects_page_idx" ON "slug_redirects" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "slug_redirects_category_idx" ON "slug_redirects" USING btree ("category_id");
-- Search (issue #14, design F.2): French stemming with accents folded. to_tsvector(regconfig, text)
-- is immutable, so the unaccent dictionary inside the configuration may feed generated columns.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'fr_unaccent') THEN
    CREATE TEXT SEARCH CONFIGURATION fr_unaccent (COPY = french);
    ALTER TEXT SEARCH CONFIGURATION fr_unaccent ALTER MAPPING FOR hword, hword_part, word WITH unaccent, french_stem;
  END IF;
END $$;--> statement-breakpoint
CREATE TABLE "search_lexicon" (
	"word" text PRIMARY KEY NOT NULL,
	"display" text NOT NULL,
	"documents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_queries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_queries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"query" text NOT NULL,
	"scope" text NOT NULL,
	"results" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_queries_scope_check" CHECK ("search_queries"."scope" in ('site', 'deals')),
	CONSTRAINT "search_queries_query_check" CHECK (char_length("search_queries"."query") between 1 and 100)
);
--> statement-breakpoint
DROP INDEX "crevarde_deals_brand_idx";--> statement-breakpoint
DROP INDEX "crevarde_deals_search_idx";--> statement-breakpoint
ALTER TABLE "blog_articles" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('fr_unaccent'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('fr_unaccent'::regconfig, coalesce("category", '')), 'B') || setweight(to_tsvector('fr_unaccent'::regconfig, coalesce("excerpt", '')), 'C') || setweight(to_tsvector('fr_unaccent'::regconfig, coalesce("body", '')), 'D')) STORED;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('fr_unaccent'::regconfig, coalesce("name", '')), 'A') || setweight(to_tsvector('fr_unaccent'::regconfig, coalesce("description", '')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "crevarde_deals" ADD COLUMN "brand_name" text;--> statement-breakpoint
ALTER TABLE "crevarde_deals" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('fr_unaccent'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('fr_unaccent'::regconfig, coalesce("brand_name", '')), 'B') || setweight(to_tsvector('fr_unaccent'::regconfig, coalesce("source", '')), 'B') || setweight(to_tsvector('fr_unaccent'::regconfig, coalesce("description", '')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "crevarde_deals" ADD COLUMN "price_cents" integer GENERATED ALWAYS AS (case when regexp_replace("price", '[^0-9,.]', '', 'g') ~ '^[0-9]{1,7}([.,][0-9]{1,2})?$' then round(replace(regexp_replace("price", '[^0-9,.]', '', 'g'), ',', '.')::numeric * 100)::integer end) STORED;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('fr_unaccent'::regconfig, coalesce("discount_amount", '')), 'B') || setweight(to_tsvector('fr_unaccent'::regconfig, coalesce("description", '')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "search_lexicon_trgm_idx" ON "search_lexicon" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_lexicon_prefix_idx" ON "search_lexicon" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_queries_created_idx" ON "search_queries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "blog_articles_search_idx" ON "blog_articles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "brands_search_idx" ON "brands" USING gin ("search");--> statement-breakpoint
CREATE INDEX "crevarde_deals_price_idx" ON "crevarde_deals" USING btree ("price_cents" asc nulls last,"created_at" desc nulls last);--> statement-breakpoint
CREATE INDEX "crevarde_deals_brand_idx" ON "crevarde_deals" USING btree ("brand_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crevarde_deals_search_idx" ON "crevarde_deals" USING gin ("search");--> statement-breakpoint
-- A deal's search document holds its brand's name: triggers keep the copy current when the deal's
-- brand changes (a brand's deletion sets it to null through the foreign key) and when a brand is renamed.
CREATE FUNCTION crevarde_deals_brand_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.brand_name := (SELECT name FROM brands WHERE id = NEW.brand_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER crevarde_deals_brand_name BEFORE INSERT OR UPDATE OF brand_id ON crevarde_deals
  FOR EACH ROW EXECUTE FUNCTION crevarde_deals_brand_name();--> statement-breakpoint
CREATE FUNCTION brands_name_to_deals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE crevarde_deals SET brand_name = NEW.name WHERE brand_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER brands_name_to_deals AFTER UPDATE OF name ON brands
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION brands_name_to_deals();--> statement-breakpoint
UPDATE crevarde_deals d SET brand_name = b.name FROM brands b WHERE b.id = d.brand_id;

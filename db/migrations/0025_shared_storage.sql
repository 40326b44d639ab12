CREATE TABLE "uploads" (
	"name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- hand-written: every write to the tables that public pages are rendered from notifies
-- the channel `crevarde_data_changed` (delivered at commit); each app server LISTENs and
-- empties its in-process caches (page micro-cache, settings, redirect hosts), ADR 024.
CREATE OR REPLACE FUNCTION crevarde_notify_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('crevarde_data_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['site_settings', 'categories', 'brands', 'promo_codes', 'offers', 'crevarde_deals', 'content_blocks', 'pages', 'slug_redirects', 'blog_articles', 'affiliate_programs', 'program_rates'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION crevarde_notify_data_changed()', t || '_notify_data_changed', t);
  END LOOP;
END;
$$;

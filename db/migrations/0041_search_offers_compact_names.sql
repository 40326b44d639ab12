-- Issue #34 item 5 (ADR 019): a brand's search document also holds its name without spaces, hyphens and
-- apostrophes as one word (« laroche » finds La Roche-Posay through the lexicon), and offers are searchable by name.
ALTER TABLE "brands" drop column "search";--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('fr_unaccent'::regconfig, coalesce("name", '')), 'A') || setweight(to_tsvector('fr_unaccent'::regconfig, regexp_replace(coalesce("name", ''), '[[:space:]''’-]+', '', 'g')), 'A') || setweight(to_tsvector('fr_unaccent'::regconfig, coalesce("description", '')), 'C')) STORED;--> statement-breakpoint
-- dropping the column dropped its index: made again, as the schema declares it
CREATE INDEX "brands_search_idx" ON "brands" USING gin ("search");--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('fr_unaccent'::regconfig, coalesce("name", '')), 'A')) STORED;--> statement-breakpoint
CREATE INDEX "offers_search_idx" ON "offers" USING gin ("search");
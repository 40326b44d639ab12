-- Brands, promo codes and offers now point at their category by id
-- (category_id, 0006). Backfill it from the old free-text "category" names:
-- every distinct name that no category has yet (compared case-insensitively)
-- becomes a category, its slug derived like the back office's slug rule
-- (app/lib/site.ts slugify: accents dropped, lowercased, anything but
-- letters, digits, spaces, "_" and "-" removed, runs of spaces, "_" and "-"
-- made one "-", no leading or trailing "-"; "categorie" when nothing is
-- left), made unique with "-2", "-3"... Then each row takes the id of the
-- category of that name (the exact spelling first).
CREATE FUNCTION "category_slug_backfill"("name" text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
  SELECT coalesce(nullif(regexp_replace(left(regexp_replace(regexp_replace(
    lower(translate("name",
      'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžƠơƯưǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǦǧǨǩǪǫǬǭǰǴǵǸǹǺǻȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȞȟȦȧȨȩȪȫȬȭȮȯȰȱȲȳ',
      'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzoouuaaiioouuuuuuuuuuaaaaggkkoooojggnnaaaaaaeeeeiiiioooorrrruuuusstthhaaeeooooooooyy')),
    '[^a-z0-9_[:space:]-]', '', 'g'),
    '[[:space:]_-]+', '-', 'g'), 100),
    '^-+|-+$', '', 'g'), ''), 'categorie')
$fn$;
--> statement-breakpoint
DO $do$
DECLARE
  r record;
  base text;
  candidate text;
  n integer;
BEGIN
  FOR r IN
    SELECT min(names."name") AS "name"
    FROM (
      SELECT btrim("category") AS "name" FROM "brands" WHERE "category" IS NOT NULL
      UNION ALL SELECT btrim("category") FROM "promo_codes" WHERE "category" IS NOT NULL
      UNION ALL SELECT btrim("category") FROM "offers" WHERE "category" IS NOT NULL
    ) names
    WHERE names."name" <> ''
      AND NOT EXISTS (SELECT 1 FROM "categories" c WHERE lower(c."name") = lower(names."name"))
    GROUP BY lower(names."name")
    ORDER BY 1
  LOOP
    base := "category_slug_backfill"(r."name");
    candidate := base;
    n := 1;
    WHILE EXISTS (SELECT 1 FROM "categories" WHERE "slug" = candidate) LOOP
      n := n + 1;
      candidate := base || '-' || n;
    END LOOP;
    INSERT INTO "categories" ("name", "slug") VALUES (r."name", candidate);
  END LOOP;
END
$do$;
--> statement-breakpoint
UPDATE "brands" t SET "category_id" = (
  SELECT c."id" FROM "categories" c WHERE lower(c."name") = lower(btrim(t."category"))
  ORDER BY (c."name" = btrim(t."category")) DESC, c."created_at", c."id" LIMIT 1
) WHERE t."category_id" IS NULL AND btrim(t."category") <> '';
--> statement-breakpoint
UPDATE "promo_codes" t SET "category_id" = (
  SELECT c."id" FROM "categories" c WHERE lower(c."name") = lower(btrim(t."category"))
  ORDER BY (c."name" = btrim(t."category")) DESC, c."created_at", c."id" LIMIT 1
) WHERE t."category_id" IS NULL AND btrim(t."category") <> '';
--> statement-breakpoint
UPDATE "offers" t SET "category_id" = (
  SELECT c."id" FROM "categories" c WHERE lower(c."name") = lower(btrim(t."category"))
  ORDER BY (c."name" = btrim(t."category")) DESC, c."created_at", c."id" LIMIT 1
) WHERE t."category_id" IS NULL AND btrim(t."category") <> '';
--> statement-breakpoint
DROP FUNCTION "category_slug_backfill"(text);

-- Before promo_codes_brand_code_idx (one code per brand, whatever its case):
-- merge the duplicates that the back office let through. The most recently
-- updated row of each (brand, lower(code)) stays; members' saved codes and
-- analytics events of the others move to it, then the others are deleted.
CREATE TEMP TABLE "promo_code_duplicates" AS
SELECT "id", "keep_id" FROM (
  SELECT "id",
         first_value("id") OVER (PARTITION BY "brand_id", lower("code") ORDER BY "updated_at" DESC, "id") AS "keep_id"
  FROM "promo_codes"
) d
WHERE "id" <> "keep_id";
--> statement-breakpoint
INSERT INTO "saved_promo_codes" ("user_id", "promo_code_id", "created_at")
SELECT s."user_id", d."keep_id", s."created_at"
FROM "saved_promo_codes" s JOIN "promo_code_duplicates" d ON d."id" = s."promo_code_id"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "analytics_events" e SET "promo_code_id" = d."keep_id"
FROM "promo_code_duplicates" d WHERE e."promo_code_id" = d."id";
--> statement-breakpoint
DELETE FROM "promo_codes" WHERE "id" IN (SELECT "id" FROM "promo_code_duplicates");
--> statement-breakpoint
DROP TABLE "promo_code_duplicates";

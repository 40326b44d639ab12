ALTER TABLE "brands" DROP CONSTRAINT "brands_cashback_check";--> statement-breakpoint
ALTER TABLE "offers" DROP CONSTRAINT "offers_cashback_check";--> statement-breakpoint
ALTER TABLE "affiliate_programs" ADD COLUMN "rate_base_excludes_vat_and_shipping" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "affiliate_programs" ADD COLUMN "vat_rate_bps" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
-- hand-written data migration (issue #34 item 1): the hand-typed percentages are not carried into
-- programmes (a programme needs a network, ids and a tracking link nobody typed); each brand's and
-- offer's non-zero percentage is kept in the audit log before its column goes, and from now on the
-- cashback shown is the brand's active programmes' (none: no cashback shown).
INSERT INTO "audit_log" ("actor_email", "action", "entity", "entity_id", "before", "after")
SELECT 'migration 0038_rates_from_programmes', 'update', 'brand', "id"::text,
  jsonb_build_object('name', "name", 'cashbackPercent', "cashback_percent"),
  jsonb_build_object('name', "name", 'cashback', 'from the brand''s active programmes')
FROM "brands" WHERE "cashback_percent" > 0;--> statement-breakpoint
INSERT INTO "audit_log" ("actor_email", "action", "entity", "entity_id", "before", "after")
SELECT 'migration 0038_rates_from_programmes', 'update', 'offer', "id"::text,
  jsonb_build_object('name', "name", 'brandId', "brand_id", 'cashbackPercent', "cashback_percent"),
  jsonb_build_object('name', "name", 'brandId', "brand_id", 'cashback', 'from the brand''s active programmes')
FROM "offers" WHERE "cashback_percent" > 0;--> statement-breakpoint
ALTER TABLE "brands" DROP COLUMN "cashback_percent";--> statement-breakpoint
ALTER TABLE "offers" DROP COLUMN "cashback_percent";--> statement-breakpoint
ALTER TABLE "affiliate_programs" ADD CONSTRAINT "affiliate_programs_vat_check" CHECK ("affiliate_programs"."vat_rate_bps" between 0 and 10000);
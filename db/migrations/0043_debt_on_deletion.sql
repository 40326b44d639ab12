ALTER TABLE "ledger_accounts" ADD COLUMN "anonymised_ref" text;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_anonymised_ref_idx" ON "ledger_accounts" USING btree ("anonymised_ref","kind") WHERE "ledger_accounts"."anonymised_ref" is not null;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_anonymised_check" CHECK ("ledger_accounts"."anonymised_ref" is null or "ledger_accounts"."owner" = 'member');--> statement-breakpoint
-- accounts of members deleted before this migration: each gets its own opaque reference (the deletion date is unknown)
UPDATE "ledger_accounts" SET "anonymised_ref" = 'ANON-' || upper(substr(md5(random()::text || "id"::text), 1, 12)) WHERE "owner" = 'member' AND "user_id" IS NULL;

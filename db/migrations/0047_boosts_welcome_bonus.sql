CREATE TABLE "welcome_bonuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"amount_cents" bigint NOT NULL,
	"source_cashback_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "welcome_bonuses_amount_check" CHECK ("welcome_bonuses"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "affiliate_programs" ADD COLUMN "boost_share_bps" integer;--> statement-breakpoint
ALTER TABLE "affiliate_programs" ADD COLUMN "boost_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "affiliate_programs" ADD COLUMN "boost_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "welcome_bonuses" ADD CONSTRAINT "welcome_bonuses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welcome_bonuses" ADD CONSTRAINT "welcome_bonuses_source_cashback_id_member_cashbacks_id_fk" FOREIGN KEY ("source_cashback_id") REFERENCES "public"."member_cashbacks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "welcome_bonuses_user_idx" ON "welcome_bonuses" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK (("ledger_accounts"."owner" = 'member' and "ledger_accounts"."kind" in ('pending', 'available', 'in_payout', 'paid', 'receivable')) or ("ledger_accounts"."owner" = 'platform' and "ledger_accounts"."kind" in ('commissions_receivable', 'member_liabilities', 'referral_commitments', 'marketing') and "ledger_accounts"."user_id" is null));--> statement-breakpoint
ALTER TABLE "affiliate_programs" ADD CONSTRAINT "affiliate_programs_boost_check" CHECK (("affiliate_programs"."boost_share_bps" is null and "affiliate_programs"."boost_starts_at" is null and "affiliate_programs"."boost_ends_at" is null) or ("affiliate_programs"."boost_share_bps" is not null and "affiliate_programs"."boost_starts_at" is not null and "affiliate_programs"."boost_ends_at" is not null and "affiliate_programs"."boost_ends_at" > "affiliate_programs"."boost_starts_at" and "affiliate_programs"."boost_share_bps" between 0 and 10000));
CREATE TABLE "cashback_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"click_session_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"order_ref" text NOT NULL,
	"order_at" timestamp with time zone NOT NULL,
	"order_amount_cents" bigint NOT NULL,
	"order_email_hash" text,
	"proof_storage_key" text,
	"proof_mime" text,
	"member_note" text,
	"no_other_code" boolean NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"conversion_id" uuid,
	"network_inquiry_id" text,
	"refusal_reason_fr" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "cashback_claims_status_check" CHECK ("cashback_claims"."status" in ('submitted', 'auto_rejected', 'matched', 'sent', 'accepted', 'refused', 'expired', 'withdrawn')),
	CONSTRAINT "cashback_claims_amount_check" CHECK ("cashback_claims"."order_amount_cents" > 0),
	CONSTRAINT "cashback_claims_proof_mime_check" CHECK ("cashback_claims"."proof_mime" is null or "cashback_claims"."proof_mime" in ('application/pdf', 'image/png', 'image/jpeg'))
);
--> statement-breakpoint
CREATE TABLE "network_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"reference" text NOT NULL,
	"note" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "network_payments_network_check" CHECK ("network_payments"."network" in ('awin', 'effiliation', 'kwanko', 'cj', 'tradedoubler', 'impact', 'rakuten', 'timeone')),
	CONSTRAINT "network_payments_amount_check" CHECK ("network_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "referral_rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"referrer_id" text,
	"referee_id" text,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"source_cashback_id" uuid,
	"void_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"credited_at" timestamp with time zone,
	CONSTRAINT "referral_rewards_kind_check" CHECK ("referral_rewards"."kind" in ('referee_welcome', 'referrer_first')),
	CONSTRAINT "referral_rewards_status_check" CHECK ("referral_rewards"."status" in ('pending', 'credited', 'void')),
	CONSTRAINT "referral_rewards_amount_check" CHECK ("referral_rewards"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD CONSTRAINT "cashback_claims_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD CONSTRAINT "cashback_claims_click_session_id_click_sessions_id_fk" FOREIGN KEY ("click_session_id") REFERENCES "public"."click_sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD CONSTRAINT "cashback_claims_program_id_affiliate_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."affiliate_programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD CONSTRAINT "cashback_claims_conversion_id_conversions_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."conversions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referrer_id_user_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referee_id_user_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_source_cashback_id_member_cashbacks_id_fk" FOREIGN KEY ("source_cashback_id") REFERENCES "public"."member_cashbacks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cashback_claims_order_idx" ON "cashback_claims" USING btree ("program_id","order_ref") WHERE "cashback_claims"."status" not in ('auto_rejected', 'withdrawn');--> statement-breakpoint
CREATE INDEX "cashback_claims_user_idx" ON "cashback_claims" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "cashback_claims_status_idx" ON "cashback_claims" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "network_payments_reference_idx" ON "network_payments" USING btree ("network","reference");--> statement-breakpoint
CREATE INDEX "network_payments_received_idx" ON "network_payments" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_kind_referee_idx" ON "referral_rewards" USING btree ("kind","referee_id");--> statement-breakpoint
CREATE INDEX "referral_rewards_user_idx" ON "referral_rewards" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK (("ledger_accounts"."owner" = 'member' and "ledger_accounts"."kind" in ('pending', 'available', 'in_payout', 'paid', 'receivable')) or ("ledger_accounts"."owner" = 'platform' and "ledger_accounts"."kind" in ('commissions_receivable', 'member_liabilities', 'referral_commitments') and "ledger_accounts"."user_id" is null));
CREATE TABLE "affiliate_programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid,
	"network" text NOT NULL,
	"network_account_id" text NOT NULL,
	"network_program_id" text NOT NULL,
	"tracking_url_template" text NOT NULL,
	"member_share_bps" integer DEFAULT 7000 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"cookie_days" integer DEFAULT 30 NOT NULL,
	"declared_validation_days" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"conditions_md" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliate_programs_network_check" CHECK ("affiliate_programs"."network" in ('awin', 'effiliation', 'kwanko', 'cj', 'tradedoubler', 'impact', 'rakuten', 'timeone')),
	CONSTRAINT "affiliate_programs_status_check" CHECK ("affiliate_programs"."status" in ('active', 'paused', 'closed')),
	CONSTRAINT "affiliate_programs_share_check" CHECK ("affiliate_programs"."member_share_bps" between 0 and 10000),
	CONSTRAINT "affiliate_programs_cookie_check" CHECK ("affiliate_programs"."cookie_days" between 1 and 365),
	CONSTRAINT "affiliate_programs_delay_check" CHECK ("affiliate_programs"."declared_validation_days" is null or "affiliate_programs"."declared_validation_days" between 1 and 730),
	CONSTRAINT "affiliate_programs_currency_check" CHECK ("affiliate_programs"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "cashback_email_opt_outs" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashback_email_opt_outs_user_id_kind_pk" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "cashback_email_opt_outs_kind_check" CHECK ("cashback_email_opt_outs"."kind" in ('detected', 'validated', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "click_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"click_id" text NOT NULL,
	"user_id" text,
	"program_id" uuid NOT NULL,
	"brand_id" uuid,
	"deal_id" uuid,
	"promo_code_id" uuid,
	"destination_url" text NOT NULL,
	"rate_snapshot" jsonb NOT NULL,
	"visitor_hash" text,
	"user_agent_family" text,
	"source_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "click_sessions_click_id_unique" UNIQUE("click_id"),
	CONSTRAINT "click_sessions_click_id_check" CHECK ("click_sessions"."click_id" ~ '^c[0-9A-Za-z]{20}$')
);
--> statement-breakpoint
CREATE TABLE "conversion_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversion_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"field" text NOT NULL,
	"old" jsonb,
	"new" jsonb,
	"source" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"network" text NOT NULL,
	"network_account_id" text NOT NULL,
	"conversion_key" text NOT NULL,
	"program_id" uuid,
	"click_id" text,
	"click_session_id" uuid,
	"user_id" text,
	"order_ref" text,
	"network_status_raw" text NOT NULL,
	"status" text NOT NULL,
	"network_paid" boolean DEFAULT false NOT NULL,
	"sale_amount" numeric(18, 6),
	"commission_amount" numeric(18, 6) NOT NULL,
	"currency" text NOT NULL,
	"first_commission_amount" numeric(18, 6) NOT NULL,
	"fx_commission_eur" numeric(18, 6),
	"fx_decided_by" text,
	"fx_decided_at" timestamp with time zone,
	"transaction_at" timestamp with time zone NOT NULL,
	"click_at" timestamp with time zone,
	"validated_at" timestamp with time zone,
	"locking_at" timestamp with time zone,
	"decline_reason_raw" text,
	"reason_code" text,
	"push_only" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"raw_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversions_network_check" CHECK ("conversions"."network" in ('awin', 'effiliation', 'kwanko', 'cj', 'tradedoubler', 'impact', 'rakuten', 'timeone')),
	CONSTRAINT "conversions_status_check" CHECK ("conversions"."status" in ('pending', 'approved', 'declined')),
	CONSTRAINT "conversions_currency_check" CHECK ("conversions"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "member_cashback_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_cashback_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"cause" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_cashbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversion_id" uuid NOT NULL,
	"user_id" text,
	"click_session_id" uuid,
	"status" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"initial_amount_cents" bigint NOT NULL,
	"rate_snapshot" jsonb NOT NULL,
	"expected_validation_at" timestamp with time zone,
	"reason_code" text,
	"reason_text_fr" text,
	"credit_transfer_id" bigint,
	"reversal_transfer_id" bigint,
	"hidden_at" timestamp with time zone,
	"detected_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_cashbacks_conversion_id_unique" UNIQUE("conversion_id"),
	CONSTRAINT "member_cashbacks_status_check" CHECK ("member_cashbacks"."status" in ('tracked', 'pending', 'validated', 'refused', 'reversed')),
	CONSTRAINT "member_cashbacks_amount_check" CHECK ("member_cashbacks"."amount_cents" >= 0 and "member_cashbacks"."initial_amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "network_fetches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"network_account_id" text,
	"job" text NOT NULL,
	"window_start" timestamp with time zone,
	"window_end" timestamp with time zone,
	"date_type" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"http_status" integer,
	"rows" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"error" text,
	"body_sha256" text,
	"actor" text
);
--> statement-breakpoint
CREATE TABLE "network_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"network_account_id" text NOT NULL,
	"record_id" text NOT NULL,
	"conversion_key" text NOT NULL,
	"raw" jsonb NOT NULL,
	"raw_hash" text NOT NULL,
	"source" text NOT NULL,
	"fetch_id" bigint,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "network_records_network_check" CHECK ("network_records"."network" in ('awin', 'effiliation', 'kwanko', 'cj', 'tradedoubler', 'impact', 'rakuten', 'timeone')),
	CONSTRAINT "network_records_source_check" CHECK ("network_records"."source" in ('pull', 'push', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "network_webhook_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"network" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"remote_ip_hash" text,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"body" text NOT NULL,
	"parsed" jsonb,
	"status" text DEFAULT 'received' NOT NULL,
	"error" text,
	"processed_at" timestamp with time zone,
	CONSTRAINT "network_webhook_events_status_check" CHECK ("network_webhook_events"."status" in ('received', 'confirmed', 'ignored', 'invalid')),
	CONSTRAINT "network_webhook_events_body_check" CHECK (octet_length("network_webhook_events"."body") <= 262144)
);
--> statement-breakpoint
CREATE TABLE "program_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_id" uuid NOT NULL,
	"label" text NOT NULL,
	"display_percent" numeric(5, 2),
	"display_fixed_cents" integer,
	"commission_group_code" text,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_to" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "program_rates_value_check" CHECK (("program_rates"."display_percent" is not null) <> ("program_rates"."display_fixed_cents" is not null)),
	CONSTRAINT "program_rates_percent_check" CHECK ("program_rates"."display_percent" is null or "program_rates"."display_percent" between 0 and 100),
	CONSTRAINT "program_rates_fixed_check" CHECK ("program_rates"."display_fixed_cents" is null or "program_rates"."display_fixed_cents" >= 0),
	CONSTRAINT "program_rates_window_check" CHECK ("program_rates"."valid_to" is null or "program_rates"."valid_to" > "program_rates"."valid_from")
);
--> statement-breakpoint
ALTER TABLE "affiliate_programs" ADD CONSTRAINT "affiliate_programs_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_email_opt_outs" ADD CONSTRAINT "cashback_email_opt_outs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_sessions" ADD CONSTRAINT "click_sessions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_sessions" ADD CONSTRAINT "click_sessions_program_id_affiliate_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."affiliate_programs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_sessions" ADD CONSTRAINT "click_sessions_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_changes" ADD CONSTRAINT "conversion_changes_conversion_id_conversions_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."conversions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_program_id_affiliate_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."affiliate_programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_click_session_id_click_sessions_id_fk" FOREIGN KEY ("click_session_id") REFERENCES "public"."click_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cashback_events" ADD CONSTRAINT "member_cashback_events_member_cashback_id_member_cashbacks_id_fk" FOREIGN KEY ("member_cashback_id") REFERENCES "public"."member_cashbacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cashbacks" ADD CONSTRAINT "member_cashbacks_conversion_id_conversions_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."conversions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cashbacks" ADD CONSTRAINT "member_cashbacks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cashbacks" ADD CONSTRAINT "member_cashbacks_click_session_id_click_sessions_id_fk" FOREIGN KEY ("click_session_id") REFERENCES "public"."click_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_records" ADD CONSTRAINT "network_records_fetch_id_network_fetches_id_fk" FOREIGN KEY ("fetch_id") REFERENCES "public"."network_fetches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_rates" ADD CONSTRAINT "program_rates_program_id_affiliate_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."affiliate_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_programs_network_ids_idx" ON "affiliate_programs" USING btree ("network","network_account_id","network_program_id");--> statement-breakpoint
CREATE INDEX "affiliate_programs_brand_idx" ON "affiliate_programs" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "click_sessions_user_idx" ON "click_sessions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "click_sessions_program_idx" ON "click_sessions" USING btree ("program_id","created_at");--> statement-breakpoint
CREATE INDEX "conversion_changes_conversion_idx" ON "conversion_changes" USING btree ("conversion_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_key_idx" ON "conversions" USING btree ("network","network_account_id","conversion_key");--> statement-breakpoint
CREATE INDEX "conversions_user_idx" ON "conversions" USING btree ("user_id","transaction_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversions_status_idx" ON "conversions" USING btree ("status","transaction_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversions_click_idx" ON "conversions" USING btree ("click_id");--> statement-breakpoint
CREATE INDEX "conversions_program_idx" ON "conversions" USING btree ("program_id","validated_at");--> statement-breakpoint
CREATE INDEX "member_cashback_events_cashback_idx" ON "member_cashback_events" USING btree ("member_cashback_id","at");--> statement-breakpoint
CREATE INDEX "member_cashbacks_user_idx" ON "member_cashbacks" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "member_cashbacks_status_idx" ON "member_cashbacks" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "network_records_version_idx" ON "network_records" USING btree ("network","network_account_id","record_id","raw_hash");--> statement-breakpoint
CREATE INDEX "network_records_conversion_idx" ON "network_records" USING btree ("network","network_account_id","conversion_key");--> statement-breakpoint
CREATE INDEX "network_webhook_events_received_idx" ON "network_webhook_events" USING btree ("network","received_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "program_rates_program_idx" ON "program_rates" USING btree ("program_id","valid_from");
CREATE TABLE "payout_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text DEFAULT 'sepa' NOT NULL,
	"iban_enc" "bytea" NOT NULL,
	"iban_last4" text NOT NULL,
	"iban_fingerprint" text NOT NULL,
	"holder_name" text NOT NULL,
	"country" text NOT NULL,
	"usable_from" timestamp with time zone NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_methods_kind_check" CHECK ("payout_methods"."kind" in ('sepa')),
	CONSTRAINT "payout_methods_country_check" CHECK ("payout_methods"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
ALTER TABLE "payout_methods" ADD CONSTRAINT "payout_methods_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_methods_live_user_idx" ON "payout_methods" USING btree ("user_id") WHERE "payout_methods"."disabled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_methods_live_fingerprint_idx" ON "payout_methods" USING btree ("iban_fingerprint") WHERE "payout_methods"."disabled_at" is null;
CREATE TABLE "iban_share_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"iban_fingerprint" text NOT NULL,
	"reason" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "payout_methods_live_fingerprint_idx";--> statement-breakpoint
ALTER TABLE "payout_methods" ADD COLUMN "shared_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "iban_share_overrides" ADD CONSTRAINT "iban_share_overrides_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "iban_share_overrides_user_fingerprint_idx" ON "iban_share_overrides" USING btree ("user_id","iban_fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_methods_live_fingerprint_idx" ON "payout_methods" USING btree ("iban_fingerprint") WHERE "payout_methods"."disabled_at" is null and not "payout_methods"."shared_allowed";
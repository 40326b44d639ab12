ALTER TABLE "conversions" ADD COLUMN "review_status" text;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "review_approved_commission" numeric(18, 6);--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "review_decided_by" text;--> statement-breakpoint
ALTER TABLE "conversions" ADD COLUMN "review_decided_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "conversions_review_idx" ON "conversions" USING btree ("review_status","transaction_at" DESC NULLS LAST) WHERE "conversions"."review_status" is not null;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_review_status_check" CHECK ("conversions"."review_status" is null or "conversions"."review_status" in ('unknown_account', 'held', 'approved'));
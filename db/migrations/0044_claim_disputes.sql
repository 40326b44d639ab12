-- A claim whose order the network declined goes to finance as a dispute (ADR 037 §Missing-cashback claims).
ALTER TABLE "cashback_claims" DROP CONSTRAINT "cashback_claims_status_check";--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cashback_claims" ADD CONSTRAINT "cashback_claims_status_check" CHECK ("cashback_claims"."status" in ('submitted', 'auto_rejected', 'matched', 'sent', 'accepted', 'refused', 'expired', 'withdrawn', 'disputed'));
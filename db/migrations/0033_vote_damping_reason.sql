ALTER TABLE "deal_votes" ADD COLUMN "damped_reason" text;--> statement-breakpoint
-- until now a vote counted 0 only for the visitor hash
UPDATE "deal_votes" SET "damped_reason" = 'visitor_hash' WHERE "weight" = 0;

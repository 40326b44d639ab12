CREATE TABLE "content_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"target_url" text NOT NULL,
	"category" text NOT NULL,
	"explanation" text NOT NULL,
	"notifier_name" text,
	"notifier_email" text,
	"user_id" text,
	"good_faith" boolean NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"decision" text,
	"statement_fr" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_notices_reference_unique" UNIQUE("reference"),
	CONSTRAINT "content_notices_status_check" CHECK ("content_notices"."status" in ('received', 'decided')),
	CONSTRAINT "content_notices_category_check" CHECK ("content_notices"."category" in ('consumer', 'counterfeit', 'intellectual_property', 'scam', 'hate', 'minors', 'privacy', 'other')),
	CONSTRAINT "content_notices_decision_check" CHECK ("content_notices"."decision" is null or "content_notices"."decision" in ('removed', 'restricted', 'no_action')),
	CONSTRAINT "content_notices_decided_check" CHECK (("content_notices"."status" = 'decided') = ("content_notices"."decision" is not null and "content_notices"."statement_fr" is not null and "content_notices"."decided_at" is not null)),
	CONSTRAINT "content_notices_good_faith_check" CHECK ("content_notices"."good_faith")
);
--> statement-breakpoint
ALTER TABLE "user" DROP CONSTRAINT "user_role_check";--> statement-breakpoint
ALTER TABLE "content_notices" ADD CONSTRAINT "content_notices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_notices_queue_idx" ON "content_notices" USING btree ("status","received_at");--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_role_check" CHECK ("user"."role" in ('user', 'editor', 'finance', 'moderator', 'admin'));
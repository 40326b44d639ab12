CREATE TABLE "deal_appeals" (
	"deal_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"contested_status" text NOT NULL,
	"decision_statement" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_appeals_status_check" CHECK ("deal_appeals"."status" in ('pending', 'upheld', 'reversed'))
);
--> statement-breakpoint
ALTER TABLE "deal_appeals" ADD CONSTRAINT "deal_appeals_deal_id_crevarde_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."crevarde_deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_appeals" ADD CONSTRAINT "deal_appeals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_appeals" ADD CONSTRAINT "deal_appeals_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_appeals_pending_idx" ON "deal_appeals" USING btree ("created_at") WHERE "deal_appeals"."status" = 'pending';
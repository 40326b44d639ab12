CREATE TABLE "user_strikes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"deal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "user_strikes_kind_check" CHECK ("user_strikes"."kind" in ('self_promotion'))
);
--> statement-breakpoint
ALTER TABLE "crevarde_deals" ADD COLUMN "reference_price_source" text;--> statement-breakpoint
ALTER TABLE "crevarde_deals" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "crevarde_deals" ADD COLUMN "moderation_rule" text;--> statement-breakpoint
ALTER TABLE "crevarde_deals" ADD COLUMN "moderation_statement" text;--> statement-breakpoint
ALTER TABLE "crevarde_deals" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_strikes" ADD CONSTRAINT "user_strikes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_strikes" ADD CONSTRAINT "user_strikes_deal_id_crevarde_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."crevarde_deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_strikes_user_idx" ON "user_strikes" USING btree ("user_id","kind");--> statement-breakpoint
ALTER TABLE "crevarde_deals" ADD CONSTRAINT "crevarde_deals_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;
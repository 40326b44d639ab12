CREATE TABLE "content_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"reporter_id" text,
	"reason" text NOT NULL,
	"details" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_by" text,
	"handled_at" timestamp with time zone,
	"decision" text,
	CONSTRAINT "content_reports_target_type_check" CHECK ("content_reports"."target_type" in ('comment', 'deal')),
	CONSTRAINT "content_reports_status_check" CHECK ("content_reports"."status" in ('open', 'dismissed', 'upheld')),
	CONSTRAINT "content_reports_details_check" CHECK ("content_reports"."details" is null or char_length("content_reports"."details") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "deal_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"parent_id" uuid,
	"author_id" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'visible' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"moderation_rule" text,
	"moderation_statement" text,
	"moderated_at" timestamp with time zone,
	CONSTRAINT "deal_comments_body_check" CHECK (char_length("deal_comments"."body") between 1 and 4000),
	CONSTRAINT "deal_comments_status_check" CHECK ("deal_comments"."status" in ('visible', 'pending', 'removed'))
);
--> statement-breakpoint
ALTER TABLE "crevarde_deals" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_handled_by_user_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_comments" ADD CONSTRAINT "deal_comments_deal_id_crevarde_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."crevarde_deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_comments" ADD CONSTRAINT "deal_comments_parent_id_deal_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."deal_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_comments" ADD CONSTRAINT "deal_comments_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_reports_once_idx" ON "content_reports" USING btree ("target_type","target_id","reporter_id");--> statement-breakpoint
CREATE INDEX "content_reports_open_idx" ON "content_reports" USING btree ("target_type","created_at") WHERE "content_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "content_reports_reporter_idx" ON "content_reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "deal_comments_deal_idx" ON "deal_comments" USING btree ("deal_id","created_at");--> statement-breakpoint
CREATE INDEX "deal_comments_author_idx" ON "deal_comments" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "deal_comments_pending_idx" ON "deal_comments" USING btree ("created_at") WHERE "deal_comments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "crevarde_deals_comments_idx" ON "crevarde_deals" USING btree ("status","comments_count" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- hand-written: crevarde_deals.comments_count follows the deal's visible comments, whoever writes them, in the
-- writer's transaction. comments_count is not in the deals' notify trigger (migration 0026): comments never empty the caches.
CREATE FUNCTION crevarde_deal_comments_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' AND NEW.status = 'visible' AND (TG_OP = 'INSERT' OR OLD.status <> 'visible') THEN
    UPDATE crevarde_deals SET comments_count = comments_count + 1 WHERE id = NEW.deal_id;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.status = 'visible' AND (TG_OP = 'DELETE' OR NEW.status <> 'visible') THEN
    UPDATE crevarde_deals SET comments_count = greatest(comments_count - 1, 0) WHERE id = OLD.deal_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER crevarde_deal_comments_count AFTER INSERT OR DELETE OR UPDATE OF status ON deal_comments FOR EACH ROW EXECUTE FUNCTION crevarde_deal_comments_count();

CREATE TABLE "deal_expiry_flags" (
	"deal_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"weight" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_expiry_flags_deal_id_user_id_kind_pk" PRIMARY KEY("deal_id","user_id","kind"),
	CONSTRAINT "deal_expiry_flags_kind_check" CHECK ("deal_expiry_flags"."kind" in ('expired', 'still_valid'))
);
--> statement-breakpoint
CREATE TABLE "deal_votes" (
	"deal_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"value" integer NOT NULL,
	"weight" integer NOT NULL,
	"reason" text,
	"visitor_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deal_votes_deal_id_user_id_pk" PRIMARY KEY("deal_id","user_id"),
	CONSTRAINT "deal_votes_value_check" CHECK ("deal_votes"."value" in (-1, 1)),
	CONSTRAINT "deal_votes_weight_check" CHECK ("deal_votes"."weight" between 0 and 3)
);
--> statement-breakpoint
ALTER TABLE "crevarde_deals" ADD COLUMN "author_id" text;--> statement-breakpoint
ALTER TABLE "crevarde_deals" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "crevarde_deals" ADD COLUMN "published_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "crevarde_deals" ADD COLUMN "temperature" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "crevarde_deals" ADD COLUMN "hot_score" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "crevarde_deals" ADD COLUMN "hot_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crevarde_deals" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crevarde_deals" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crevarde_deals" ADD COLUMN "canonical_url" text;--> statement-breakpoint
ALTER TABLE "deal_expiry_flags" ADD CONSTRAINT "deal_expiry_flags_deal_id_crevarde_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."crevarde_deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_expiry_flags" ADD CONSTRAINT "deal_expiry_flags_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_votes" ADD CONSTRAINT "deal_votes_deal_id_crevarde_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."crevarde_deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_votes" ADD CONSTRAINT "deal_votes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_votes_user_idx" ON "deal_votes" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "crevarde_deals" ADD CONSTRAINT "crevarde_deals_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crevarde_deals_hot_idx" ON "crevarde_deals" USING btree ("status","hot_score" DESC NULLS LAST) WHERE "crevarde_deals"."expired_at" is null;--> statement-breakpoint
CREATE INDEX "crevarde_deals_author_idx" ON "crevarde_deals" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crevarde_deals_canonical_idx" ON "crevarde_deals" USING btree ("canonical_url");--> statement-breakpoint
ALTER TABLE "crevarde_deals" ADD CONSTRAINT "crevarde_deals_status_check" CHECK ("crevarde_deals"."status" in ('pending_review', 'published', 'rejected', 'removed'));--> statement-breakpoint
-- hand-written: the hot score follows the temperature and the publication date, whoever writes them (deal-rules.ts hotScore is the same formula)
CREATE FUNCTION crevarde_deals_hot_score() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.hot_score := CASE WHEN NEW.published_at IS NULL THEN 0
    ELSE sign(NEW.temperature) * log(greatest(abs(NEW.temperature), 1)) + (extract(epoch FROM NEW.published_at) - 1134028003) / 45000 END;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER crevarde_deals_hot_score BEFORE INSERT OR UPDATE OF temperature, published_at ON crevarde_deals FOR EACH ROW EXECUTE FUNCTION crevarde_deals_hot_score();
--> statement-breakpoint
-- hand-written: existing deals were public since they were created
UPDATE "crevarde_deals" SET "published_at" = "created_at";
--> statement-breakpoint
-- hand-written: a vote moves a deal's temperature and hot score; that must not empty every server's caches
-- (ADR 024), so the deals' notify trigger fires on content columns only. Temperatures in cached pages are at most one cache TTL old.
DROP TRIGGER "crevarde_deals_notify_data_changed" ON "crevarde_deals";
--> statement-breakpoint
CREATE TRIGGER "crevarde_deals_notify_data_changed" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "title", "description", "price", "original_price", "image_url", "source", "badge_text", "badge_type", "cta_text", "url", "brand_id", "is_featured", "brand_name", "author_id", "status", "published_at", "expired_at", "expires_at", "canonical_url" ON "crevarde_deals" FOR EACH STATEMENT EXECUTE FUNCTION crevarde_notify_data_changed();

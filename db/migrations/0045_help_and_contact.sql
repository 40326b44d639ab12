CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'new' NOT NULL,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_reference_unique" UNIQUE("reference"),
	CONSTRAINT "contact_messages_subject_check" CHECK ("contact_messages"."subject" in ('cashback', 'claim', 'payment', 'promo-code', 'deal', 'account', 'partnership', 'other')),
	CONSTRAINT "contact_messages_status_check" CHECK ("contact_messages"."status" in ('new', 'in_progress', 'done')),
	CONSTRAINT "contact_messages_message_check" CHECK (char_length("contact_messages"."message") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "help_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"section" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('fr_unaccent'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('fr_unaccent'::regconfig, coalesce("summary", '')), 'B') || setweight(to_tsvector('fr_unaccent'::regconfig, coalesce("body", '')), 'D')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_articles_slug_unique" UNIQUE("slug"),
	CONSTRAINT "help_articles_section_check" CHECK ("help_articles"."section" in ('cashback', 'codes-promo', 'deals', 'compte', 'paiements'))
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_user_idx" ON "contact_messages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "help_articles_section_idx" ON "help_articles" USING btree ("section","position");--> statement-breakpoint
CREATE INDEX "help_articles_search_idx" ON "help_articles" USING gin ("search");--> statement-breakpoint
-- hand-written: the help centre's pages are public pages: a write notifies the channel of ADR 024 (0025_shared_storage.sql)
CREATE TRIGGER "help_articles_notify_data_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "help_articles" FOR EACH STATEMENT EXECUTE FUNCTION crevarde_notify_data_changed();

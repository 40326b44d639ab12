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
CREATE TABLE "ugc_connection_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text,
	"content_type" text NOT NULL,
	"content_id" text NOT NULL,
	"ip" "inet",
	"port" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_votes" ADD COLUMN "damped_reason" text;--> statement-breakpoint
-- until now a vote counted 0 only for the visitor hash
UPDATE "deal_votes" SET "damped_reason" = 'visitor_hash' WHERE "weight" = 0;--> statement-breakpoint
ALTER TABLE "deal_appeals" ADD CONSTRAINT "deal_appeals_deal_id_crevarde_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."crevarde_deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_appeals" ADD CONSTRAINT "deal_appeals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_appeals" ADD CONSTRAINT "deal_appeals_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ugc_connection_logs" ADD CONSTRAINT "ugc_connection_logs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_appeals_pending_idx" ON "deal_appeals" USING btree ("created_at") WHERE "deal_appeals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "ugc_connection_logs_created_at_idx" ON "ugc_connection_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ugc_connection_logs_content_idx" ON "ugc_connection_logs" USING btree ("content_type","content_id");--> statement-breakpoint
-- Pseudos become unique whatever their case (issue #15 item 9: the public page
-- /membres/:pseudo). Blank pseudos become null; of the accounts sharing a
-- pseudo the oldest keeps it and each other one gets the first free
-- "<pseudo>-<n>" (n from 2), in creation order: deterministic.
UPDATE "profiles" SET "username" = NULLIF(btrim("username"), '') WHERE "username" IS DISTINCT FROM NULLIF(btrim("username"), '');
--> statement-breakpoint
DO $$
DECLARE
  r record;
  candidate text;
  n int;
BEGIN
  FOR r IN
    SELECT d."id", d."username" FROM (
      SELECT p."id", p."username", p."created_at",
             row_number() OVER (PARTITION BY lower(p."username") ORDER BY p."created_at", p."id") AS rn
      FROM "profiles" p WHERE p."username" IS NOT NULL
    ) d
    WHERE d.rn > 1
    ORDER BY lower(d."username"), d."created_at", d."id"
  LOOP
    n := 2;
    LOOP
      candidate := left(r."username", 36) || '-' || n;
      EXIT WHEN NOT EXISTS (SELECT 1 FROM "profiles" WHERE lower("username") = lower(candidate));
      n := n + 1;
    END LOOP;
    UPDATE "profiles" SET "username" = candidate WHERE "id" = r."id";
    UPDATE "user" SET "name" = candidate WHERE "id" = r."id";
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_username_lower_idx" ON "profiles" USING btree (lower("username"));
--> statement-breakpoint
-- A new account's pseudo (user.name) is checked before sign-up; if another
-- account took it meanwhile, the profile gets none rather than failing the
-- sign-up (the member picks one on /profile). Only a conflict on the id is
-- ignored: a race on the pseudo itself fails loudly instead of leaving an
-- account without a profile.
CREATE OR REPLACE FUNCTION crevarde_create_profile() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  wanted text := NULLIF(btrim(NEW."name"), '');
BEGIN
  IF wanted IS NOT NULL AND EXISTS (SELECT 1 FROM "profiles" WHERE lower("username") = lower(wanted)) THEN
    wanted := NULL;
  END IF;
  INSERT INTO "profiles" ("id", "email", "username")
  VALUES (NEW."id", NEW."email", wanted)
  ON CONFLICT ("id") DO NOTHING;
  RETURN NEW;
END;
$$;

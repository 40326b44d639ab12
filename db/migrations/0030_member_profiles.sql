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

-- Every account gets its profile row (public-site.md §3: id = user id) in the
-- same statement as the account itself, so a crash can never leave a user
-- without a profile (the better-auth hook that did this ran after commit).
CREATE OR REPLACE FUNCTION crevarde_create_profile() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "profiles" ("id", "email", "username")
  VALUES (NEW."id", NEW."email", NULLIF(NEW."name", ''))
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "user_create_profile" AFTER INSERT ON "user"
FOR EACH ROW EXECUTE FUNCTION crevarde_create_profile();
--> statement-breakpoint
-- users left without a profile by an earlier crash get theirs now
INSERT INTO "profiles" ("id", "email", "username")
SELECT u."id", u."email", NULLIF(u."name", '') FROM "user" u
LEFT JOIN "profiles" p ON p."id" = u."id"
WHERE p."id" IS NULL
ON CONFLICT DO NOTHING;

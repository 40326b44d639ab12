-- Issue 10 item 14, no raw IP at rest: sessions now keep a truncated address (ADR 008); existing sessions drop theirs.
UPDATE "session" SET "ip_address" = NULL WHERE "ip_address" IS NOT NULL;
--> statement-breakpoint
-- Item 15: a signed-in member could attach someone else's address to their account; unlink every subscription
-- whose address is not the account's own.
UPDATE "newsletter_subscribers" AS n SET "user_id" = NULL
FROM "user" AS u
WHERE n."user_id" = u."id" AND lower(n."email") <> lower(u."email");
--> statement-breakpoint
-- The privacy policy's retention durations are rendered from the constants the purge task applies (ADR 008):
-- drop the hand-written paragraph from the seeded page.
UPDATE "pages" SET "content" = regexp_replace("content", '<h2>Durées de conservation</h2>\s*<p>[^<]*</p>\s*', '')
WHERE "slug" = 'politique-confidentialite';

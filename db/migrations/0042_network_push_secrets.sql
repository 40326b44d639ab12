CREATE TABLE "network_push_secrets" (
	"network" text PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"rotated_at" timestamp with time zone,
	"rotated_by" text,
	CONSTRAINT "network_push_secrets_network_check" CHECK ("network_push_secrets"."network" in ('awin', 'kwanko')),
	CONSTRAINT "network_push_secrets_hash_check" CHECK ("network_push_secrets"."secret_hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "network_push_secrets" ADD CONSTRAINT "network_push_secrets_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_push_secrets" ADD CONSTRAINT "network_push_secrets_rotated_by_user_id_fk" FOREIGN KEY ("rotated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- secrets generated before this table (plain text in site_settings) keep working, now only as their hash
INSERT INTO "network_push_secrets" ("network", "secret_hash", "created_at")
SELECT substring("key" from length('network_push_secret:') + 1), encode(sha256(convert_to("value"->>'v', 'UTF8')), 'hex'), "updated_at"
FROM "site_settings"
WHERE "key" IN ('network_push_secret:awin', 'network_push_secret:kwanko') AND jsonb_typeof("value"->'v') = 'string'
ON CONFLICT ("network") DO NOTHING;--> statement-breakpoint
DELETE FROM "site_settings" WHERE "key" IN ('network_push_secret:awin', 'network_push_secret:kwanko');

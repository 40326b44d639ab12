CREATE TABLE "account_signals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"value_hash" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_signals_kind_check" CHECK ("account_signals"."kind" in ('ip_network', 'device'))
);
--> statement-breakpoint
ALTER TABLE "referral_rewards" DROP CONSTRAINT "referral_rewards_status_check";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "pending_referred_by" text;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD COLUMN "held_reason" text;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_signals" ADD CONSTRAINT "account_signals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_signals_user_kind_value_idx" ON "account_signals" USING btree ("user_id","kind","value_hash");--> statement-breakpoint
CREATE INDEX "account_signals_kind_value_idx" ON "account_signals" USING btree ("kind","value_hash");--> statement-breakpoint
CREATE INDEX "account_signals_last_seen_idx" ON "account_signals" USING btree ("kind","last_seen_at");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_pending_referred_by_user_id_fk" FOREIGN KEY ("pending_referred_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_rewards_held_idx" ON "referral_rewards" USING btree ("created_at") WHERE "referral_rewards"."status" = 'held';--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_status_check" CHECK ("referral_rewards"."status" in ('pending', 'held', 'credited', 'void'));--> statement-breakpoint
-- the cookie page lists the device cookie (ADR 040): only a page that still holds the seeded sentence changes
UPDATE "pages" SET "content" = replace("content", 'Le cookie de session (connexion à ton compte, 30 jours) et le cookie qui mémorise tes choix de consentement (6 mois). Ils ne nécessitent pas ton accord.', 'Le cookie de session (connexion à ton compte, 30 jours), le cookie qui mémorise tes choix de consentement (6 mois) et le cookie d''appareil (13 mois), déposé à l''inscription et à la connexion : un identifiant aléatoire qui sert à sécuriser les connexions et à repérer le parrainage de soi-même. Ils ne nécessitent pas ton accord.') WHERE "slug" = 'cookies' AND position('Le cookie de session (connexion à ton compte, 30 jours) et le cookie qui mémorise tes choix de consentement (6 mois). Ils ne nécessitent pas ton accord.' in "content") > 0;

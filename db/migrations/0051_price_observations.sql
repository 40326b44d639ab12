CREATE TABLE "price_observations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_key" text NOT NULL,
	"merchant" text NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"observed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text NOT NULL,
	"source_id" uuid,
	"gtin" text,
	CONSTRAINT "price_observations_source_check" CHECK ("price_observations"."source" in ('deal', 'offer', 'import', 'extension')),
	CONSTRAINT "price_observations_price_check" CHECK ("price_observations"."price_cents" >= 0),
	CONSTRAINT "price_observations_currency_check" CHECK ("price_observations"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE INDEX "price_observations_product_time_idx" ON "price_observations" USING btree ("product_key","observed_at");
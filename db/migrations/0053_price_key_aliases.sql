CREATE TABLE "price_key_aliases" (
	"alias_key" text PRIMARY KEY NOT NULL,
	"product_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "price_key_aliases_distinct_check" CHECK ("price_key_aliases"."alias_key" <> "price_key_aliases"."product_key")
);
--> statement-breakpoint
ALTER TABLE "price_key_aliases" ADD CONSTRAINT "price_key_aliases_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_key_aliases_product_idx" ON "price_key_aliases" USING btree ("product_key");
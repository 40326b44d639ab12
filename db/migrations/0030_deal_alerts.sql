CREATE TABLE "alert_deliveries" (
	"alert_id" uuid NOT NULL,
	"deal_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "alert_deliveries_alert_id_deal_id_pk" PRIMARY KEY("alert_id","deal_id"),
	CONSTRAINT "alert_deliveries_trigger_check" CHECK ("alert_deliveries"."trigger" in ('published', 'threshold'))
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"query_text" text NOT NULL,
	"tsq" "tsquery" NOT NULL,
	"brand_id" uuid,
	"category_id" uuid,
	"max_price_cents" integer,
	"min_temperature" integer DEFAULT 0 NOT NULL,
	"frequency" text DEFAULT 'instant' NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alerts_frequency_check" CHECK ("alerts"."frequency" in ('instant', 'daily')),
	CONSTRAINT "alerts_min_temperature_check" CHECK ("alerts"."min_temperature" in (0, 50, 100, 200)),
	CONSTRAINT "alerts_max_price_check" CHECK ("alerts"."max_price_cents" is null or "alerts"."max_price_cents" > 0),
	CONSTRAINT "alerts_query_text_check" CHECK (char_length("alerts"."query_text") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_deal_id_crevarde_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."crevarde_deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_deliveries_pending_idx" ON "alert_deliveries" USING btree ("alert_id") WHERE "alert_deliveries"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "alert_deliveries_deal_idx" ON "alert_deliveries" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "alerts_user_idx" ON "alerts" USING btree ("user_id","created_at");
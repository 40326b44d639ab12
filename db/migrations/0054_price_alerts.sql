CREATE TABLE "price_alert_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"observation_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"product_key" text NOT NULL,
	"label" text NOT NULL,
	"deal_id" uuid,
	"threshold_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"below" boolean DEFAULT false NOT NULL,
	"last_notified_at" timestamp with time zone,
	"last_notified_observation_id" uuid,
	"last_notified_price_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_alerts_threshold_check" CHECK ("price_alerts"."threshold_cents" > 0),
	CONSTRAINT "price_alerts_currency_check" CHECK ("price_alerts"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "price_alerts_label_check" CHECK (char_length("price_alerts"."label") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "price_alert_notifications" ADD CONSTRAINT "price_alert_notifications_alert_id_price_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."price_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alert_notifications" ADD CONSTRAINT "price_alert_notifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_deal_id_crevarde_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."crevarde_deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "price_alert_notifications_alert_observation_idx" ON "price_alert_notifications" USING btree ("alert_id","observation_id");--> statement-breakpoint
CREATE INDEX "price_alert_notifications_user_idx" ON "price_alert_notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "price_alerts_user_product_idx" ON "price_alerts" USING btree ("user_id","product_key");--> statement-breakpoint
CREATE INDEX "price_alerts_product_idx" ON "price_alerts" USING btree ("product_key");
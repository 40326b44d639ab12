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
ALTER TABLE "ugc_connection_logs" ADD CONSTRAINT "ugc_connection_logs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ugc_connection_logs_created_at_idx" ON "ugc_connection_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ugc_connection_logs_content_idx" ON "ugc_connection_logs" USING btree ("content_type","content_id");
CREATE TABLE "code_feedback" (
	"promo_code_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"worked" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "code_feedback_promo_code_id_user_id_pk" PRIMARY KEY("promo_code_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "code_feedback" ADD CONSTRAINT "code_feedback_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_feedback" ADD CONSTRAINT "code_feedback_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_feedback_user_idx" ON "code_feedback" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "code_feedback_code_updated_idx" ON "code_feedback" USING btree ("promo_code_id","updated_at");
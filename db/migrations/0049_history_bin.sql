CREATE TABLE "binned_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"table_name" text NOT NULL,
	"row" jsonb NOT NULL,
	"dependents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"relinks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audit_id" uuid,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_by_id" text,
	"deleted_by_email" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "binned_records_deleted_at_idx" ON "binned_records" USING btree ("deleted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "binned_records_entity_idx" ON "binned_records" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_at_idx" ON "audit_log" USING btree ("entity","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_idx" ON "audit_log" USING btree ("actor_id","at" DESC NULLS LAST);
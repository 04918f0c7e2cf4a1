CREATE TABLE "admin_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "creator_applications" DROP CONSTRAINT "creator_applications_status_check";--> statement-breakpoint
ALTER TABLE "creator_applications" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_admin_id_user_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_idx" ON "admin_audit_log" USING btree ("target_type","target_id","created_at");--> statement-breakpoint
CREATE INDEX "admin_audit_log_admin_id_idx" ON "admin_audit_log" USING btree ("admin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "creator_applications_one_pending_idx" ON "creator_applications" USING btree ("user_id") WHERE status = 'pending';--> statement-breakpoint
ALTER TABLE "creator_applications" ADD CONSTRAINT "creator_applications_status_check" CHECK (status in ('pending', 'approved', 'rejected', 'withdrawn'));
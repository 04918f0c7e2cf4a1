ALTER TABLE "admin_audit_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "admin_audit_log_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
-- Rows written before this migration are application decisions ("creator_application.approved" / ".rejected"),
-- always of a pending application: their state before and after, from the action and the reason in details.
-- The applicant stays reachable through the target (creator_applications.user_id).
UPDATE "admin_audit_log" SET "before" = jsonb_build_object('status', 'pending'), "after" = jsonb_build_object('status', split_part("action", '.', 2)) || ("details" - 'applicantId') WHERE "action" LIKE 'creator_application.%';

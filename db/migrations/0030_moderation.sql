CREATE TABLE "content_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"reporter_email" text,
	"reporter_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	CONSTRAINT "content_reports_target_check" CHECK (target_type in ('map', 'spot', 'post', 'creator'))
);
--> statement-breakpoint
CREATE TABLE "moderation_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"target_label" text NOT NULL,
	"ground" text NOT NULL,
	"ground_kind" text NOT NULL,
	"facts" text NOT NULL,
	"automated" boolean DEFAULT false NOT NULL,
	"appeal_deadline" timestamp with time zone NOT NULL,
	"previous" jsonb NOT NULL,
	"admin_id" text,
	"report_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_at" timestamp with time zone,
	"restored_by" text,
	CONSTRAINT "moderation_actions_target_check" CHECK (target_type in ('map', 'spot', 'post', 'creator'))
);
--> statement-breakpoint
CREATE TABLE "moderation_appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action_id" uuid NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" text,
	"decision_note" text,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "moderation_appeals_action_id_unique" UNIQUE("action_id")
);
--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_reporter_id_user_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_admin_id_user_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_restored_by_user_id_fk" FOREIGN KEY ("restored_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_action_id_moderation_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."moderation_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_appeals" ADD CONSTRAINT "moderation_appeals_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_reports_status_idx" ON "content_reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "content_reports_target_idx" ON "content_reports" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_actions_active_idx" ON "moderation_actions" USING btree ("target_type","target_id") WHERE restored_at is null;--> statement-breakpoint
CREATE INDEX "moderation_actions_creator_idx" ON "moderation_actions" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_appeals_open_idx" ON "moderation_appeals" USING btree ("created_at") WHERE decided_at is null;--> statement-breakpoint
-- The audit log is append-only (DESIGN.md section 9, issue 25): no entry is ever changed or
-- removed, whatever code or console tries. The one change allowed is the foreign key's own
-- ON DELETE SET NULL when an admin's account is deleted (the entry outlives the account). Test
-- databases are emptied between tests by a reset that sets `spotfolio.erase_audit_log` for its own
-- transaction (tests/setup/database.ts); nothing in the application sets it.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('spotfolio.erase_audit_log', true) = 'on' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF NEW.admin_id IS NULL AND OLD.admin_id IS NOT NULL AND (to_jsonb(NEW) - 'admin_id') = (to_jsonb(OLD) - 'admin_id') THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'the audit log is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER admin_audit_log_append_only BEFORE UPDATE OR DELETE ON admin_audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER admin_audit_log_no_truncate BEFORE TRUNCATE ON admin_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
-- A taken-down item stays unpublished until an admin restores it: whatever path publishes it (the
-- Studio, an import, a script), the database refuses while a takedown is in force. The app checks
-- first and answers with a message; this is the guarantee. TG_ARGV[0] is the target type, and the
-- item is "published" by `is_published` (maps, spots, profiles) or `published_at` (posts).
CREATE FUNCTION moderation_keep_taken_down() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  now_published boolean := CASE WHEN TG_ARGV[0] = 'post' THEN (to_jsonb(NEW) ->> 'published_at') IS NOT NULL
                                ELSE coalesce((to_jsonb(NEW) ->> 'is_published')::boolean, false) END;
BEGIN
  IF now_published AND EXISTS (
    SELECT 1 FROM moderation_actions WHERE target_type = TG_ARGV[0] AND target_id = NEW.id::text AND restored_at IS NULL
  ) THEN
    RAISE EXCEPTION 'this % was taken down and cannot be published until it is restored', TG_ARGV[0]
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER maps_keep_taken_down BEFORE UPDATE OF is_published ON maps
  FOR EACH ROW EXECUTE FUNCTION moderation_keep_taken_down('map');
--> statement-breakpoint
CREATE TRIGGER spots_keep_taken_down BEFORE UPDATE OF is_published ON spots
  FOR EACH ROW EXECUTE FUNCTION moderation_keep_taken_down('spot');
--> statement-breakpoint
CREATE TRIGGER posts_keep_taken_down BEFORE UPDATE OF published_at ON posts
  FOR EACH ROW EXECUTE FUNCTION moderation_keep_taken_down('post');
--> statement-breakpoint
CREATE TRIGGER profiles_keep_taken_down BEFORE UPDATE OF is_published ON profiles
  FOR EACH ROW EXECUTE FUNCTION moderation_keep_taken_down('creator');

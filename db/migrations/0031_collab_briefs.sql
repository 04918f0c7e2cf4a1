CREATE TABLE "collab_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brief_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"object_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collab_brief_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brief_id" uuid NOT NULL,
	"actor_id" text,
	"actor_role" text NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collab_briefs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" text NOT NULL,
	"title" text NOT NULL,
	"destination" text,
	"fee_cents" integer NOT NULL,
	"due_date" date NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collab_briefs_fee_check" CHECK ("collab_briefs"."fee_cents" >= 0),
	CONSTRAINT "collab_briefs_status_check" CHECK (status in ('proposed', 'accepted', 'in_progress', 'delivered', 'paid', 'declined'))
);
--> statement-breakpoint
DROP TABLE "collabs" CASCADE;--> statement-breakpoint
ALTER TABLE "collab_attachments" ADD CONSTRAINT "collab_attachments_brief_id_collab_briefs_id_fk" FOREIGN KEY ("brief_id") REFERENCES "public"."collab_briefs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collab_attachments" ADD CONSTRAINT "collab_attachments_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collab_brief_events" ADD CONSTRAINT "collab_brief_events_brief_id_collab_briefs_id_fk" FOREIGN KEY ("brief_id") REFERENCES "public"."collab_briefs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collab_brief_events" ADD CONSTRAINT "collab_brief_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collab_briefs" ADD CONSTRAINT "collab_briefs_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collab_briefs" ADD CONSTRAINT "collab_briefs_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collab_attachments_brief_id_idx" ON "collab_attachments" USING btree ("brief_id");--> statement-breakpoint
CREATE INDEX "collab_brief_events_brief_id_idx" ON "collab_brief_events" USING btree ("brief_id","created_at");--> statement-breakpoint
CREATE INDEX "collab_briefs_creator_id_idx" ON "collab_briefs" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "collab_briefs_status_idx" ON "collab_briefs" USING btree ("status");
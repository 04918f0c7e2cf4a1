CREATE TABLE "feed_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "feed_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "email_bodies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ref" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_optouts" (
	"user_id" text NOT NULL,
	"list" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_optouts_pk" PRIMARY KEY("user_id","list")
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "slug" text;--> statement-breakpoint
-- Posts written before slugs existed are addressed by their id.
UPDATE "posts" SET "slug" = "id"::text;--> statement-breakpoint
ALTER TABLE "posts" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "first_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "email_recipients" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "title_fts" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(title, ''))) STORED;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "body_fts" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(body_markdown, ''))) STORED;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "body_id" uuid;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "list" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feed_tokens" ADD CONSTRAINT "feed_tokens_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_tokens" ADD CONSTRAINT "feed_tokens_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_optouts" ADD CONSTRAINT "email_optouts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_tokens_user_creator_idx" ON "feed_tokens" USING btree ("user_id","creator_id");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_body_id_email_bodies_id_fk" FOREIGN KEY ("body_id") REFERENCES "public"."email_bodies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_title_fts_idx" ON "posts" USING gin ("title_fts");--> statement-breakpoint
CREATE INDEX "posts_body_fts_idx" ON "posts" USING gin ("body_fts");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_creator_slug_idx" ON "posts" USING btree ("creator_id","slug");--> statement-breakpoint
CREATE INDEX "posts_to_email_idx" ON "posts" USING btree ("published_at") WHERE emailed_at is null and published_at is not null;--> statement-breakpoint
CREATE INDEX "email_outbox_body_id_idx" ON "email_outbox" USING btree ("body_id");
CREATE TABLE "article_creators" (
	"article_id" uuid NOT NULL,
	"creator_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_creators_pk" PRIMARY KEY("article_id","creator_id")
);
--> statement-breakpoint
CREATE TABLE "article_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"article_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "featured_position" integer;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "article_creators" ADD CONSTRAINT "article_creators_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_creators" ADD CONSTRAINT "article_creators_creator_id_profiles_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_slugs" ADD CONSTRAINT "article_slugs_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_creators_creator_id_idx" ON "article_creators" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "article_slugs_article_id_idx" ON "article_slugs" USING btree ("article_id");--> statement-breakpoint

-- The back office orders site categories and featured destinations; until now both were read by
-- name (categories) or not at all (featured cities): start from that order.
UPDATE "categories" SET "position" = ranked.n
  FROM (SELECT "id", row_number() OVER (ORDER BY "name", "slug") - 1 AS n FROM "categories" WHERE "owner_id" IS NULL) AS ranked
  WHERE "categories"."id" = ranked."id";
--> statement-breakpoint
UPDATE "cities" SET "featured_position" = ranked.n
  FROM (SELECT "id", row_number() OVER (ORDER BY "population" DESC, "id") - 1 AS n FROM "cities" WHERE "is_featured") AS ranked
  WHERE "cities"."id" = ranked."id";
--> statement-breakpoint

-- Articles are public content (/discover, an article's page, the sitemap): any write to them, their
-- featured maps and creators or their old slugs bumps public_content_version in the writer's own
-- transaction, as writes to maps do (migration 0013, ADR 0020), so no cached page outlives a
-- publication or an unpublication.
CREATE TRIGGER articles_insert_bumps_public_content_version AFTER INSERT ON articles
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER articles_update_bumps_public_content_version AFTER UPDATE ON articles
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER articles_delete_bumps_public_content_version AFTER DELETE ON articles
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER articles_truncate_bumps_public_content_version AFTER TRUNCATE ON articles
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER article_maps_insert_bumps_public_content_version AFTER INSERT ON article_maps
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER article_maps_update_bumps_public_content_version AFTER UPDATE ON article_maps
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER article_maps_delete_bumps_public_content_version AFTER DELETE ON article_maps
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER article_maps_truncate_bumps_public_content_version AFTER TRUNCATE ON article_maps
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER article_creators_insert_bumps_public_content_version AFTER INSERT ON article_creators
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER article_creators_update_bumps_public_content_version AFTER UPDATE ON article_creators
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER article_creators_delete_bumps_public_content_version AFTER DELETE ON article_creators
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER article_creators_truncate_bumps_public_content_version AFTER TRUNCATE ON article_creators
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER article_slugs_insert_bumps_public_content_version AFTER INSERT ON article_slugs
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER article_slugs_update_bumps_public_content_version AFTER UPDATE ON article_slugs
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER article_slugs_delete_bumps_public_content_version AFTER DELETE ON article_slugs
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER article_slugs_truncate_bumps_public_content_version AFTER TRUNCATE ON article_slugs
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();

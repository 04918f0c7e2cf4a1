CREATE TABLE "public_content_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "public_content_version_one_row" CHECK (id = 1)
);
--> statement-breakpoint
INSERT INTO "public_content_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint

-- With the embedded database (PGlite: one process only) the process learns the new number from
-- the notification, delivered with the commit, instead of reading the row on every request.
-- Any write to a table that public pages are built from bumps the counter, in the writer's own
-- transaction: a cache entry built before the commit carries the old number and is never used
-- after it, on any instance (ADR 0020). Triggers rather than a call in each write path, so a
-- write path added later cannot forget it; per statement (a bulk import bumps once), and only
-- when the statement changed rows (a refused conditional update changes nothing, not even this).
CREATE FUNCTION bump_public_content_version() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  bumped bigint;
BEGIN
  -- TRUNCATE has no transition table: it always changed the table.
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE public_content_version SET version = version + 1 WHERE id = 1 RETURNING version INTO bumped;
  ELSIF EXISTS (SELECT 1 FROM changed_rows) THEN
    UPDATE public_content_version SET version = version + 1 WHERE id = 1 RETURNING version INTO bumped;
  END IF;
  IF bumped IS NOT NULL THEN
    PERFORM pg_notify('public_content_version', bumped::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER maps_insert_bumps_public_content_version AFTER INSERT ON maps
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER maps_update_bumps_public_content_version AFTER UPDATE ON maps
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER maps_delete_bumps_public_content_version AFTER DELETE ON maps
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER maps_truncate_bumps_public_content_version AFTER TRUNCATE ON maps
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER spots_insert_bumps_public_content_version AFTER INSERT ON spots
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER spots_update_bumps_public_content_version AFTER UPDATE ON spots
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER spots_delete_bumps_public_content_version AFTER DELETE ON spots
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER spots_truncate_bumps_public_content_version AFTER TRUNCATE ON spots
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER profiles_insert_bumps_public_content_version AFTER INSERT ON profiles
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER profiles_update_bumps_public_content_version AFTER UPDATE ON profiles
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER profiles_delete_bumps_public_content_version AFTER DELETE ON profiles
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER profiles_truncate_bumps_public_content_version AFTER TRUNCATE ON profiles
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER categories_insert_bumps_public_content_version AFTER INSERT ON categories
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER categories_update_bumps_public_content_version AFTER UPDATE ON categories
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER categories_delete_bumps_public_content_version AFTER DELETE ON categories
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER categories_truncate_bumps_public_content_version AFTER TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER map_categories_insert_bumps_public_content_version AFTER INSERT ON map_categories
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER map_categories_update_bumps_public_content_version AFTER UPDATE ON map_categories
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER map_categories_delete_bumps_public_content_version AFTER DELETE ON map_categories
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER map_categories_truncate_bumps_public_content_version AFTER TRUNCATE ON map_categories
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER map_slugs_insert_bumps_public_content_version AFTER INSERT ON map_slugs
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER map_slugs_update_bumps_public_content_version AFTER UPDATE ON map_slugs
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER map_slugs_delete_bumps_public_content_version AFTER DELETE ON map_slugs
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER map_slugs_truncate_bumps_public_content_version AFTER TRUNCATE ON map_slugs
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER cities_insert_bumps_public_content_version AFTER INSERT ON cities
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER cities_update_bumps_public_content_version AFTER UPDATE ON cities
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER cities_delete_bumps_public_content_version AFTER DELETE ON cities
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();
--> statement-breakpoint
CREATE TRIGGER cities_truncate_bumps_public_content_version AFTER TRUNCATE ON cities
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version();

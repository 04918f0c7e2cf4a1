-- Posts are public content (the creator's page, the post page, feeds): a write that changes what
-- the public may see bumps public_content_version in the writer's transaction, as writes to maps
-- and spots do (migration 0013, ADR 0020). Unlike those tables, only statements that touch a post
-- with a publication time (published, scheduled, or one that had one before the statement) count:
-- a draft's autosaves, a keystroke apart, change nothing anyone else sees and leave every cached
-- page usable. Per statement, and only when it changed rows.
CREATE FUNCTION bump_public_content_version_for_posts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  bumped bigint;
  public boolean;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    public := true;
  ELSIF TG_OP = 'UPDATE' THEN
    public := EXISTS (SELECT 1 FROM old_rows WHERE published_at IS NOT NULL)
      OR EXISTS (SELECT 1 FROM new_rows WHERE published_at IS NOT NULL);
  ELSE
    public := EXISTS (SELECT 1 FROM changed_rows WHERE published_at IS NOT NULL);
  END IF;
  IF public THEN
    UPDATE public_content_version SET version = version + 1 WHERE id = 1 RETURNING version INTO bumped;
    PERFORM pg_notify('public_content_version', bumped::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER posts_insert_bumps_public_content_version AFTER INSERT ON posts
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version_for_posts();
--> statement-breakpoint
CREATE TRIGGER posts_update_bumps_public_content_version AFTER UPDATE ON posts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version_for_posts();
--> statement-breakpoint
CREATE TRIGGER posts_delete_bumps_public_content_version AFTER DELETE ON posts
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version_for_posts();
--> statement-breakpoint
CREATE TRIGGER posts_truncate_bumps_public_content_version AFTER TRUNCATE ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION bump_public_content_version_for_posts();

-- spots.listed (db/schema/maps.ts): published, on a published map of a
-- published creator. Search keeps its full-text index in two parts split on
-- it, so that the spots anyone may open (listed and public) are searched
-- without joining maps and profiles for every hit.
DROP INDEX "spots_fts_idx";--> statement-breakpoint
ALTER TABLE "spots" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint

-- A spot's own row decides its value, from its map and creator as they are
-- now. The map row is share-locked: a spot saved while its map is being
-- (un)published waits for that and reads the outcome, instead of keeping the
-- state its statement started with. The Studio locks the map before its
-- spots, so the order is the same and the lock is usually already held.
CREATE FUNCTION spots_listed_compute() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed := NEW.is_published AND EXISTS (
    SELECT 1 FROM (SELECT owner_id FROM maps WHERE id = NEW.map_id AND is_published FOR SHARE) m
    JOIN profiles p ON p.id = m.owner_id
    WHERE p.is_published);
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- `listed` is in the column list so that the map and profile triggers below
-- can ask for a recomputation by setting it to itself.
CREATE TRIGGER spots_listed BEFORE INSERT OR UPDATE OF is_published, map_id, listed ON spots
  FOR EACH ROW EXECUTE FUNCTION spots_listed_compute();
--> statement-breakpoint

CREATE FUNCTION maps_listed_spots() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE spots SET listed = listed WHERE map_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER maps_listed_spots AFTER UPDATE OF is_published, owner_id ON maps
  FOR EACH ROW WHEN (OLD.is_published IS DISTINCT FROM NEW.is_published OR OLD.owner_id IS DISTINCT FROM NEW.owner_id)
  EXECUTE FUNCTION maps_listed_spots();
--> statement-breakpoint

CREATE FUNCTION profiles_listed_spots() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE spots SET listed = listed WHERE map_id IN (SELECT id FROM maps WHERE owner_id = NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_listed_spots AFTER UPDATE OF is_published ON profiles
  FOR EACH ROW WHEN (OLD.is_published IS DISTINCT FROM NEW.is_published)
  EXECUTE FUNCTION profiles_listed_spots();
--> statement-breakpoint

-- The rows already there, in one statement (the row trigger would look every
-- map up once per spot; the lexicon trigger has no new names to collect).
ALTER TABLE "spots" DISABLE TRIGGER spots_listed;--> statement-breakpoint
ALTER TABLE "spots" DISABLE TRIGGER spots_search_words_update;--> statement-breakpoint
UPDATE spots s SET listed = true
FROM maps m JOIN profiles p ON p.id = m.owner_id
WHERE m.id = s.map_id AND s.is_published AND m.is_published AND p.is_published;--> statement-breakpoint
ALTER TABLE "spots" ENABLE TRIGGER spots_listed;--> statement-breakpoint
ALTER TABLE "spots" ENABLE TRIGGER spots_search_words_update;--> statement-breakpoint

CREATE INDEX "spots_listed_public_fts_idx" ON "spots" USING gin ("fts") WHERE listed and visibility = 'public';--> statement-breakpoint
CREATE INDEX "spots_other_fts_idx" ON "spots" USING gin ("fts") WHERE not (listed and visibility = 'public');

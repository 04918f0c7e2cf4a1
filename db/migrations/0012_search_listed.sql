-- maps.listed and spots.listed (db/schema/maps.ts): what anyone may see of a
-- map (published, by a published creator) and of a spot (published, on a
-- listed map). Search reads the full text of listed rows from partial indexes,
-- without joining maps and profiles for every hit.
DROP INDEX "maps_fts_idx";--> statement-breakpoint
DROP INDEX "spots_fts_idx";--> statement-breakpoint
ALTER TABLE "maps" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "spots" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint

-- Each row computes its own value (BEFORE triggers), from its creator or map
-- as they are now. `listed` is in the column lists so that a change above can
-- ask the rows below to recompute by setting it to itself: profile -> its
-- maps -> their spots.
--
-- A spot share-locks its map row: a spot saved while its map is being
-- (un)published waits for that and reads the outcome rather than the state its
-- statement started with. The Studio locks a map before its spots, so the
-- order is the same and the lock is usually held already. A map does not lock
-- its creator (an admin's change to a creator locks the profile first, then its
-- maps): search reads every page it shows through the gate itself, so a value
-- left behind by that race could only miscount, never show a hidden row.
CREATE FUNCTION maps_listed_compute() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed := NEW.is_published AND EXISTS (SELECT 1 FROM profiles WHERE id = NEW.owner_id AND is_published);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER maps_listed BEFORE INSERT OR UPDATE OF is_published, owner_id, listed ON maps
  FOR EACH ROW EXECUTE FUNCTION maps_listed_compute();
--> statement-breakpoint

CREATE FUNCTION spots_listed_compute() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.listed := NEW.is_published AND EXISTS (SELECT 1 FROM maps WHERE id = NEW.map_id AND listed FOR SHARE);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER spots_listed BEFORE INSERT OR UPDATE OF is_published, map_id, listed ON spots
  FOR EACH ROW EXECUTE FUNCTION spots_listed_compute();
--> statement-breakpoint

CREATE FUNCTION profiles_listed_maps() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE maps SET listed = listed WHERE owner_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_listed_maps AFTER UPDATE OF is_published ON profiles
  FOR EACH ROW WHEN (OLD.is_published IS DISTINCT FROM NEW.is_published)
  EXECUTE FUNCTION profiles_listed_maps();
--> statement-breakpoint

-- No column list: the value changes in the BEFORE trigger, not in the SET list.
CREATE FUNCTION maps_listed_spots() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE spots SET listed = listed WHERE map_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER maps_listed_spots AFTER UPDATE ON maps
  FOR EACH ROW WHEN (OLD.listed IS DISTINCT FROM NEW.listed)
  EXECUTE FUNCTION maps_listed_spots();
--> statement-breakpoint

-- The rows already there, one statement per table (the row triggers would
-- look a map up once per spot; the lexicon triggers have no new names to collect).
ALTER TABLE "maps" DISABLE TRIGGER maps_listed;--> statement-breakpoint
ALTER TABLE "maps" DISABLE TRIGGER maps_listed_spots;--> statement-breakpoint
ALTER TABLE "maps" DISABLE TRIGGER maps_search_words_update;--> statement-breakpoint
UPDATE maps m SET listed = true FROM profiles p WHERE p.id = m.owner_id AND m.is_published AND p.is_published;--> statement-breakpoint
ALTER TABLE "maps" ENABLE TRIGGER maps_listed;--> statement-breakpoint
ALTER TABLE "maps" ENABLE TRIGGER maps_listed_spots;--> statement-breakpoint
ALTER TABLE "maps" ENABLE TRIGGER maps_search_words_update;--> statement-breakpoint
ALTER TABLE "spots" DISABLE TRIGGER spots_listed;--> statement-breakpoint
ALTER TABLE "spots" DISABLE TRIGGER spots_search_words_update;--> statement-breakpoint
UPDATE spots s SET listed = true FROM maps m WHERE m.id = s.map_id AND s.is_published AND m.listed;--> statement-breakpoint
ALTER TABLE "spots" ENABLE TRIGGER spots_listed;--> statement-breakpoint
ALTER TABLE "spots" ENABLE TRIGGER spots_search_words_update;--> statement-breakpoint

CREATE INDEX "maps_listed_fts_idx" ON "maps" USING gin ("fts") WHERE listed;--> statement-breakpoint
CREATE INDEX "spots_listed_public_fts_idx" ON "spots" USING gin ("fts") WHERE listed and visibility = 'public';--> statement-breakpoint
CREATE INDEX "spots_other_fts_idx" ON "spots" USING gin ("fts") WHERE not (listed and visibility = 'public');

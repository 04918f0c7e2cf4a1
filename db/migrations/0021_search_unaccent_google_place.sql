-- Search without accents (issue 26; docs/decisions/0030-search-without-accents.md), and the
-- Google place a spot is.
--
-- unaccent: on PGlite the extension must be loaded at creation (PGLITE_EXTENSIONS in
-- app/lib/db.server.ts), as pg_trgm is.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint

-- english, with accents taken off words that have any first: "Güell" is indexed and asked for
-- as "guell", so "Park Guell" finds "Park Güell" and "Park Güell" finds "Park Guell".
-- (asciiword and its kin have no accents to take off.)
CREATE TEXT SEARCH CONFIGURATION spotfolio_english (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION spotfolio_english ALTER MAPPING FOR word, hword, hword_part WITH unaccent, english_stem;--> statement-breakpoint

-- unaccent() is STABLE (its dictionary could change), so no index may use it; this fixed form may.
CREATE FUNCTION spotfolio_unaccent(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, t) $$;--> statement-breakpoint

-- The fts columns (spots, maps, creators, posts) again over the new configuration. PostgreSQL 15 cannot change a generated
-- column's expression in place: each is dropped (with its indexes) and added back, and the
-- indexes are made again exactly as before (db/schema/maps.ts, profiles.ts).
ALTER TABLE "profiles" DROP COLUMN "fts";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "fts" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(handle, '')), 'A') || setweight(to_tsvector('spotfolio_english', coalesce(display_name, '')), 'A') || setweight(to_tsvector('spotfolio_english', coalesce(bio_text, '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "profiles_fts_idx" ON "profiles" USING gin ("fts");--> statement-breakpoint
ALTER TABLE "maps" DROP COLUMN "fts";--> statement-breakpoint
ALTER TABLE "maps" ADD COLUMN "fts" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('spotfolio_english', coalesce(title, '')), 'A') || setweight(to_tsvector('spotfolio_english', coalesce(summary, '')), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "maps_listed_fts_idx" ON "maps" USING gin ("fts") WHERE listed;--> statement-breakpoint
ALTER TABLE "spots" DROP COLUMN "fts";--> statement-breakpoint
ALTER TABLE "spots" ADD COLUMN "fts" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('spotfolio_english', coalesce(name, '')), 'A') || setweight(to_tsvector('spotfolio_english', coalesce(summary, '')), 'B') || setweight(to_tsvector('spotfolio_english', coalesce(address, '')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "spots_listed_public_fts_s0_idx" ON "spots" USING gin ("fts") WHERE listed and visibility = 'public' and id < '20000000-0000-0000-0000-000000000000'::uuid;--> statement-breakpoint
CREATE INDEX "spots_listed_public_fts_s1_idx" ON "spots" USING gin ("fts") WHERE listed and visibility = 'public' and id >= '20000000-0000-0000-0000-000000000000'::uuid and id < '40000000-0000-0000-0000-000000000000'::uuid;--> statement-breakpoint
CREATE INDEX "spots_listed_public_fts_s2_idx" ON "spots" USING gin ("fts") WHERE listed and visibility = 'public' and id >= '40000000-0000-0000-0000-000000000000'::uuid and id < '60000000-0000-0000-0000-000000000000'::uuid;--> statement-breakpoint
CREATE INDEX "spots_listed_public_fts_s3_idx" ON "spots" USING gin ("fts") WHERE listed and visibility = 'public' and id >= '60000000-0000-0000-0000-000000000000'::uuid and id < '80000000-0000-0000-0000-000000000000'::uuid;--> statement-breakpoint
CREATE INDEX "spots_listed_public_fts_s4_idx" ON "spots" USING gin ("fts") WHERE listed and visibility = 'public' and id >= '80000000-0000-0000-0000-000000000000'::uuid and id < 'a0000000-0000-0000-0000-000000000000'::uuid;--> statement-breakpoint
CREATE INDEX "spots_listed_public_fts_s5_idx" ON "spots" USING gin ("fts") WHERE listed and visibility = 'public' and id >= 'a0000000-0000-0000-0000-000000000000'::uuid and id < 'c0000000-0000-0000-0000-000000000000'::uuid;--> statement-breakpoint
CREATE INDEX "spots_listed_public_fts_s6_idx" ON "spots" USING gin ("fts") WHERE listed and visibility = 'public' and id >= 'c0000000-0000-0000-0000-000000000000'::uuid and id < 'e0000000-0000-0000-0000-000000000000'::uuid;--> statement-breakpoint
CREATE INDEX "spots_listed_public_fts_s7_idx" ON "spots" USING gin ("fts") WHERE listed and visibility = 'public' and id >= 'e0000000-0000-0000-0000-000000000000'::uuid;--> statement-breakpoint
CREATE INDEX "spots_other_fts_idx" ON "spots" USING gin ("fts") WHERE not (listed and visibility = 'public');--> statement-breakpoint
-- Listed gated spots by their name alone: anyone may find them by it, locked (their fts holds gated text).
CREATE INDEX "spots_listed_gated_name_idx" ON "spots" USING gin (to_tsvector('spotfolio_english', name)) WHERE listed and visibility <> 'public';--> statement-breakpoint

ALTER TABLE "posts" DROP COLUMN "title_fts";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "title_fts" "tsvector" GENERATED ALWAYS AS (to_tsvector('spotfolio_english', coalesce(title, ''))) STORED;--> statement-breakpoint
CREATE INDEX "posts_title_fts_idx" ON "posts" USING gin ("title_fts");--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "body_fts";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "body_fts" "tsvector" GENERATED ALWAYS AS (to_tsvector('spotfolio_english', coalesce(body_markdown, ''))) STORED;--> statement-breakpoint
CREATE INDEX "posts_body_fts_idx" ON "posts" USING gin ("body_fts");--> statement-breakpoint

ALTER TABLE "spots" ADD COLUMN "google_place_id" text;--> statement-breakpoint

-- Cities by prefix and by similarity, without accents: "malaga" finds Málaga. The searched form is
-- stored, so checking a row reads it instead of calling unaccent.
DROP INDEX "cities_name_trgm_idx";--> statement-breakpoint
DROP INDEX "cities_name_prefix_idx";--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "search_name" text GENERATED ALWAYS AS (lower(spotfolio_unaccent(name))) STORED;--> statement-breakpoint
CREATE INDEX "cities_name_trgm_idx" ON "cities" USING gin (search_name gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cities_name_prefix_idx" ON "cities" USING btree (search_name text_pattern_ops);--> statement-breakpoint

-- The search lexicon (migration 0007) keeps words without accents, as the indexes now do, so a
-- typo is compared with what is indexed ("guel" with "guell"); its accented words are replaced.
CREATE OR REPLACE FUNCTION search_words_in(t text) RETURNS SETOF text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT DISTINCT lower(spotfolio_unaccent(token)) FROM ts_parse('default', t)
  WHERE tokid IN (1, 2, 3, 9, 10, 11) AND char_length(token) BETWEEN 3 AND 32
$$;--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT spotfolio_unaccent(word) FROM search_words WHERE word <> spotfolio_unaccent(word)
ORDER BY 1
ON CONFLICT DO NOTHING;--> statement-breakpoint
DELETE FROM search_words WHERE word <> spotfolio_unaccent(word);

-- Only towns (15,000 people or more) are matched by a similar name (ADR 0048): a short word's
-- trigrams over every city picked thousands of candidates, each read and checked.
DROP INDEX "cities_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "cities_town_name_trgm_idx" ON "cities" USING gin (search_name gin_trgm_ops) WHERE population >= 15000;
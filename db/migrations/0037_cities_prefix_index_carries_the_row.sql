-- The cities' prefix index carries what search's destinations show and order by (population, name,
-- country, id): a short prefix is read from the index alone (ADR 0066).
DROP INDEX "cities_name_prefix_idx";--> statement-breakpoint
CREATE INDEX "cities_name_prefix_idx" ON "cities" USING btree (search_name text_pattern_ops,"population","name","country","id");
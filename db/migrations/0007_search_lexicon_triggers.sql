-- The search lexicon (db/schema/search.ts): filled from spot names, map titles
-- and creator handles and display names by statement-level triggers (one
-- insert per statement, so bulk loads stay fast), and backfilled here from
-- the rows already there.

-- The words of a text as the lexicon keeps them: what the default text search
-- parser (the one behind the `fts` columns) calls a word or a hyphenated word's
-- part, letters or letters and digits, in lower case, 3 to 32 characters.
CREATE FUNCTION search_words_in(t text) RETURNS SETOF text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT DISTINCT lower(token) FROM ts_parse('default', t)
  WHERE tokid IN (1, 2, 3, 9, 10, 11) AND char_length(token) BETWEEN 3 AND 32
$$;
--> statement-breakpoint

-- TG_ARGV[0]: the text to collect, as an expression over a row of the table.
-- On UPDATE only texts that changed are read. Words are inserted in order so
-- that concurrent writers adding the same new words wait for each other
-- instead of deadlocking.
CREATE FUNCTION search_words_collect() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO search_words (word)
     SELECT DISTINCT w FROM (SELECT %1$s AS t FROM new_rows %2$s) changed, search_words_in(changed.t) w
     ORDER BY w ON CONFLICT DO NOTHING',
    TG_ARGV[0],
    CASE WHEN TG_OP = 'UPDATE' THEN format('EXCEPT SELECT %s FROM old_rows', TG_ARGV[0]) ELSE '' END);
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- Transition tables allow one event per trigger: an INSERT and an UPDATE trigger per table.
CREATE TRIGGER spots_search_words_insert AFTER INSERT ON spots
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_collect('name');
--> statement-breakpoint
CREATE TRIGGER spots_search_words_update AFTER UPDATE ON spots
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_collect('name');
--> statement-breakpoint
CREATE TRIGGER maps_search_words_insert AFTER INSERT ON maps
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_collect('title');
--> statement-breakpoint
CREATE TRIGGER maps_search_words_update AFTER UPDATE ON maps
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_collect('title');
--> statement-breakpoint
-- Only creators are searched: members' handles and names stay out.
CREATE TRIGGER profiles_search_words_insert AFTER INSERT ON profiles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION search_words_collect('CASE WHEN is_creator THEN concat_ws('' '', handle, display_name) END');
--> statement-breakpoint
CREATE TRIGGER profiles_search_words_update AFTER UPDATE ON profiles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION search_words_collect('CASE WHEN is_creator THEN concat_ws('' '', handle, display_name) END');
--> statement-breakpoint

INSERT INTO search_words (word)
SELECT w FROM spots, search_words_in(name) w
UNION SELECT w FROM maps, search_words_in(title) w
UNION SELECT w FROM profiles, search_words_in(CASE WHEN is_creator THEN concat_ws(' ', handle, display_name) END) w
ORDER BY 1
ON CONFLICT DO NOTHING;

-- Extensions the schema needs, before any table uses them.
-- pg_trgm: trigram (fuzzy) search on cities (gin_trgm_ops). PGlite must be
-- created with `extensions: { pg_trgm }` for this to succeed.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

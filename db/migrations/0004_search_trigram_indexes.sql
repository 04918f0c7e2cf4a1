CREATE INDEX "profiles_display_name_trgm_idx" ON "profiles" USING gin (lower(coalesce(display_name, '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_handle_trgm_idx" ON "profiles" USING gin (lower(handle) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "maps_title_trgm_idx" ON "maps" USING gist (lower(title) gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "spots_name_trgm_idx" ON "spots" USING gist (lower(name) gist_trgm_ops);
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "profiles_display_name_trgm_idx";--> statement-breakpoint
DROP INDEX "profiles_handle_trgm_idx";--> statement-breakpoint
DROP INDEX "maps_title_trgm_idx";--> statement-breakpoint
DROP INDEX "spots_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gist (word gist_trgm_ops);
/**
 * The search lexicon: every distinct word of spot names, map titles and
 * creator handles and display names (lower case, as the text search parser
 * splits them, three letters or more).
 *
 * Typo tolerance looks words up here by trigram similarity and searches the
 * full-text indexes again with the corrected words: a trigram pass over tens
 * of thousands of short words instead of a million names.
 *
 * Filled by triggers on `spots`, `maps` and `profiles` (migration 0007), so
 * every write path, the seed and bulk loads keep it in step. Words are only
 * added: a word left over from a renamed or deleted row is harmless, it only
 * adds an alternative that the full-text search then finds nothing for. The
 * lexicon holds no visibility: results always go through the visibility
 * conditions of the search itself, and the words are never shown.
 */
import { sql } from "drizzle-orm";
import { index, pgTable, text } from "drizzle-orm/pg-core";

export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
  },
  // Nearest words first (`word <-> $w`, GiST KNN) with `word % $w` as the similarity floor.
  () => [index("search_words_word_trgm_idx").using("gist", sql`word gist_trgm_ops`)],
);

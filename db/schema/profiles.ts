/**
 * One profile per better-auth user (same id). Handles are unique ignoring
 * case; `fts` is maintained by Postgres (generated column) for creator search.
 * The handle is indexed with the 'simple' config (not stemmed), names and bio
 * with 'spotfolio_english' (SEARCH_CONFIG: english without accents), so search with both:
 *   fts @@ (websearch_to_tsquery('spotfolio_english', $q) || websearch_to_tsquery('simple', $q))
 */
import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { SEARCH_CONFIG, timestamps, tsvector } from "./columns";

/** A link on a creator's page: a label the creator chose and an http(s) URL. */
export interface ProfileLink {
  label: string;
  url: string;
}

export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Public handle (`/@handle`); null until chosen. Unique case-insensitively. */
    handle: text("handle"),
    displayName: text("display_name"),
    bioText: text("bio_text"),
    profileImageUrl: text("profile_image_url"),
    /** The wide image at the top of /@handle. */
    coverImageUrl: text("cover_image_url"),
    /** Website and social profiles shown on /@handle, in the creator's order. */
    links: jsonb("links")
      .$type<ProfileLink[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isCreator: boolean("is_creator").notNull().default(false),
    isOnboarded: boolean("is_onboarded").notNull().default(false),
    isPublished: boolean("is_published").notNull().default(false),
    isAdmin: boolean("is_admin").notNull().default(false),
    ...timestamps(),
    fts: tsvector("fts").generatedAlwaysAs(
      sql.raw(
        `setweight(to_tsvector('simple', coalesce(handle, '')), 'A') || setweight(to_tsvector('${SEARCH_CONFIG}', coalesce(display_name, '')), 'A') || setweight(to_tsvector('${SEARCH_CONFIG}', coalesce(bio_text, '')), 'B')`,
      ),
    ),
  },
  (t) => [
    uniqueIndex("profiles_handle_lower_idx").on(sql`lower(handle)`),
    index("profiles_fts_idx").using("gin", t.fts),
    index("profiles_is_creator_idx")
      .on(t.isCreator)
      .where(sql`is_creator`),
  ],
);

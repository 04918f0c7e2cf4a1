/**
 * Which creators a viewer may see, as one SQL condition on `profiles`: a
 * creator (not one who has left, whose profile stays) whom the gate lets
 * them see (published; owners and admins also see an unpublished one).
 * A "published creator" is one anyone may see: only these can be followed or
 * supported, and only these are listed (catalogue, sitemap, search, which
 * also need a handle to link to).
 *
 * Written from the gate's SQL form, so the creator row of the gate's
 * equality test covers it; `is_creator` stays a plain predicate for the
 * partial index on it.
 */
import { sql, type SQL } from "drizzle-orm";
import { profiles } from "#db/schema";
import { NO_ENTITLEMENTS, type Entitlements } from "~/modules/gate";
import { canSeeSql, creatorItem } from "~/modules/gate/index.server";

/** The creators `viewer` may see (a creator page that is not a 404 for them). */
export function creatorSeenBySql(viewer: Entitlements): SQL<boolean> {
  return sql<boolean>`(${profiles.isCreator} and ${canSeeSql(viewer, creatorItem)})`;
}

/** The creators anyone may see. */
export const publishedCreatorSql: SQL<boolean> = creatorSeenBySql(NO_ENTITLEMENTS);

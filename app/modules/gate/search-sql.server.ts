/**
 * The gate's third form: search's, written on `spots`' own columns alone so
 * that search can read its candidates straight from the partial full-text
 * indexes (ADR 0022, 0023) instead of joining maps and profiles for every hit.
 *
 *  - `listedPublicSpotSql`: what anyone may open in full (listed and public).
 *    It is the predicate of the listed public indexes, so it must keep their
 *    exact shape for the planner to match them.
 *  - `listedGatedSpotSql`: listed spots that are not public (premium,
 *    supporters): anyone may know they exist and see them locked, so search
 *    finds them by their public part (the name) for every viewer; whether one
 *    is shown in full is still decided by the gate.
 *  - `beyondPublicSpotParts`: the other spots this viewer may open in a
 *    listing (their own maps' spots, the visibilities their memberships open,
 *    everything published for admins), exactly, in disjoint parts: search reads
 *    them without checking each one through the gate again (ADR 0045).
 *
 * gating-sql.server.integration.test.ts holds this form equal to accessTo():
 * the listed public spots are exactly what an anonymous visitor may open, and
 * listed public ∪ the parts (all disjoint) is exactly what each viewer may
 * open in a listing.
 */
import { sql, type SQL } from "drizzle-orm";
import { PREMIUM_SEARCH_SHARDS, spotShardCondition } from "#db/schema";
import type { Entitlements } from "./gating";

// The alias is written into the SQL as it is (the shard predicates do the same,
// db/schema/maps.ts), so it must be a plain identifier and never user input.
const ALIAS = /^[a-z_][a-z0-9_]*$/;
function column(alias: string, name: string): SQL {
  if (!ALIAS.test(alias)) throw new Error(`not a table alias: ${alias}`);
  return sql.raw(`${alias}.${name}`);
}

/** Spots anyone may open in full, as a condition on `spots` aliased `alias`. */
export function listedPublicSpotSql(alias: string): SQL {
  return sql`${column(alias, "listed")} and ${column(alias, "visibility")} = 'public'`;
}

/**
 * Listed spots that are not public, as a condition on `spots` aliased `alias`: seen by anyone,
 * locked for whoever may not open them. It is the predicate of `spots_listed_gated_name_idx`
 * (db/schema/maps.ts), so it must keep its exact shape for the planner to match it.
 *
 * `name is not null` is always true (the column is NOT NULL); it is there so that only a query
 * that says it can use that index. Without it, any query of listed Premium or supporters-only
 * spots implied the index's predicate, and the planner ANDed the full-text bitmap with a read of
 * the whole index (92,000 names at a million spots, 87 ms for a Premium member's "lucia"; ADR 0045).
 */
export function listedGatedSpotSql(alias: string): SQL {
  return sql`${column(alias, "listed")} and ${column(alias, "visibility")} <> 'public' and ${column(alias, "name")} is not null`;
}

/** One of search's parts beyond the listed public spots (beyondPublicSpotParts). */
export interface BeyondPublicPart {
  kind: "own" | "supporters" | "premium" | "all published";
  /** The condition on `spots`. */
  where: SQL;
  /**
   * Read through the maps it names (a few creators' spots): a full-text test on these rows should
   * not use a full-text index, whose bitmap of every spot holding a common word the planner would
   * otherwise AND with the maps' spots.
   */
  throughMaps: boolean;
}

/**
 * What the viewer may open in a listing beyond the listed public spots, as disjoint conditions on
 * `spots` aliased `alias`, each exact (no gate check needed after it) and each shaped for one
 * access path, so search can ask them one by one (ADR 0045):
 *
 *  - their own spots (owner: published spots on their published maps), through the maps they own
 *    and `spots`' map index: a creator's spots, however common the word;
 *  - supporters-only spots of the creators they support, listed, through those creators' maps;
 *  - Premium spots, listed, through their own partial full-text indexes, one part per shard
 *    (PREMIUM_SEARCH_SHARDS, asked in order, so a common word reads the first quarter's hits);
 *  - for admins, every published spot on a published map (the other spots' index).
 *
 * Listed means published, on a published map of a published creator (kept by triggers), so a listed
 * spot of a visibility the viewer's memberships open is opened in full; the own part leaves out what
 * the other parts (and the listed public index) already give. An anonymous visitor gets no part: they
 * open exactly the listed public spots. gating-sql.server.integration.test.ts holds these parts
 * disjoint and, with the listed public spots, equal to what accessTo() opens in a listing.
 */
export function beyondPublicSpotParts(viewer: Entitlements, alias: string): BeyondPublicPart[] {
  const mapId = column(alias, "map_id");
  const isPublished = column(alias, "is_published");
  const listedPublic = listedPublicSpotSql(alias);
  if (viewer.isAdmin) {
    return [
      {
        where: sql`(not (${listedPublic}) and ${isPublished} and ${mapId} in (select id from maps where is_published))`,
        kind: "all published",
        throughMaps: false,
      },
    ];
  }
  const listed = column(alias, "listed");
  const visibility = column(alias, "visibility");
  const premium = viewer.hasActiveSubscription ? sql`(${listed} and ${visibility} = 'premium')` : null;
  const supporters = viewer.supportedCreatorIds.length
    ? sql`(${listed} and ${visibility} = 'supporters' and ${mapId} in (select id from maps where owner_id in (${sql.join(
        viewer.supportedCreatorIds.map((id) => sql`${id}`),
        sql`, `,
      )})))`
    : null;
  const own =
    viewer.userId === null
      ? null
      : sql`(${isPublished} and ${mapId} in (select id from maps where owner_id = ${viewer.userId} and is_published) and not (${listedPublic})${
          premium ? sql` and not ${premium}` : sql``
        }${supporters ? sql` and not ${supporters}` : sql``})`;
  const parts: BeyondPublicPart[] = [];
  if (own) parts.push({ kind: "own", where: own, throughMaps: true });
  if (supporters) parts.push({ kind: "supporters", where: supporters, throughMaps: true });
  // Each shard's bounds written as constants, so the planner matches the part to its index.
  if (premium)
    for (const shard of PREMIUM_SEARCH_SHARDS)
      parts.push({ kind: "premium", where: sql`(${premium} and ${sql.raw(spotShardCondition(shard, alias))})`, throughMaps: false });
  return parts;
}

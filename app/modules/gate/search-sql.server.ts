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
 *  - `beyondPublicSpotSql`: of the other spots, the ones this viewer could
 *    possibly open (their own maps' spots, the visibilities their memberships
 *    open, everything for admins). Only a narrowing: search still checks each
 *    of these through the gate itself (visibleSpots) before it counts.
 *
 * gating-sql.server.integration.test.ts holds this form equal to accessTo():
 * the listed public spots are exactly what an anonymous visitor may open, and
 * listed public ∪ (beyond public ∩ the gate) is exactly what each viewer may
 * open in a listing.
 */
import { sql, type SQL } from "drizzle-orm";
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
 */
export function listedGatedSpotSql(alias: string): SQL {
  return sql`${column(alias, "listed")} and ${column(alias, "visibility")} <> 'public'`;
}

/**
 * Which of the spots outside the listed public set the viewer could possibly
 * open, as a condition on `spots` aliased `alias`, or null when none (an
 * anonymous visitor opens exactly the listed public spots, so their search
 * reads only that index).
 */
export function beyondPublicSpotSql(viewer: Entitlements, alias: string): SQL | null {
  if (viewer.isAdmin) return sql`true`;
  const mapId = column(alias, "map_id");
  const listed = column(alias, "listed");
  const visibility = column(alias, "visibility");
  const parts: SQL[] = [];
  if (viewer.userId !== null) parts.push(sql`${mapId} in (select id from maps where owner_id = ${viewer.userId})`);
  if (viewer.hasActiveSubscription) parts.push(sql`(${listed} and ${visibility} = 'premium')`);
  if (viewer.supportedCreatorIds.length) {
    const creators = sql.join(
      viewer.supportedCreatorIds.map((id) => sql`${id}`),
      sql`, `,
    );
    parts.push(sql`(${listed} and ${visibility} = 'supporters' and ${mapId} in (select id from maps where owner_id in (${creators})))`);
  }
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : null;
}

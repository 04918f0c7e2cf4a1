/**
 * The gate of gating.ts as SQL, for queries that must filter or page in the
 * database (spots as a viewer sees them, search, the catalogue, the sitemap,
 * feeds). It is the same decision written a second time (search's form on
 * `spots` alone, search-sql.server.ts, is the third), so
 * gating-sql.server.integration.test.ts runs them over one table of viewers ×
 * items on a real database and requires identical answers: change one, change
 * the others.
 *
 * The viewer's entitlements are constants of the query: each piece folds to
 * `true`/`false` in JavaScript where it can, so the planner sees plain
 * predicates (an index on `is_published` still applies) rather than a CASE
 * over parameters.
 */
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { maps, posts, profiles } from "#db/schema";
import type { Access, Entitlements } from "./gating";

/** The columns (or expressions) of a gated item, as accessTo's GatedItem names them. */
export interface GatedColumns {
  ownerId: SQLWrapper;
  visibility: SQLWrapper;
  isPublished: SQLWrapper;
  /** Whether the creator is published; omit where the query has no creator to check. */
  ownerPublished?: SQLWrapper;
}

const TRUE = sql<boolean>`true`;
const FALSE = sql<boolean>`false`;

/** Owners and admins see their content whatever its state. */
function privileged(viewer: Entitlements, item: GatedColumns): SQL {
  if (viewer.isAdmin) return TRUE;
  return viewer.userId === null ? FALSE : sql`(${item.ownerId} = ${viewer.userId})`;
}

/** Published, and by a published creator. */
function published(item: GatedColumns): SQL {
  return item.ownerPublished ? sql`(${item.isPublished} and ${item.ownerPublished})` : sql`(${item.isPublished})`;
}

/** What the viewer's memberships open; an unknown visibility opens for nobody. */
function entitled(viewer: Entitlements, item: GatedColumns): SQL {
  const premium = viewer.hasActiveSubscription ? sql` or ${item.visibility} = 'premium'` : sql``;
  const supporters = viewer.supportedCreatorIds.length
    ? sql` or (${item.visibility} = 'supporters' and ${item.ownerId} in (${sql.join(
        viewer.supportedCreatorIds.map((id) => sql`${id}`),
        sql`, `,
      )}))`
    : sql``;
  return sql`(${item.visibility} = 'public'${premium}${supporters})`;
}

/** accessTo() as an expression: 'full', 'locked' or 'hidden'. */
export function accessSql(viewer: Entitlements, item: GatedColumns): SQL<Access> {
  return sql<Access>`(case when ${privileged(viewer, item)} then 'full' when not ${published(item)} then 'hidden' when ${entitled(viewer, item)} then 'full' else 'locked' end)`;
}

/** The viewer may know the item exists (full or locked): accessTo() !== "hidden". */
export function canSeeSql(viewer: Entitlements, item: GatedColumns): SQL<boolean> {
  const owner = privileged(viewer, item);
  return owner === TRUE ? sql<boolean>`true` : sql<boolean>`(${owner} or ${published(item)})`;
}

/** The viewer may open the item in full: canView(). */
export function canViewSql(viewer: Entitlements, item: GatedColumns): SQL<boolean> {
  const owner = privileged(viewer, item);
  return owner === TRUE ? sql<boolean>`true` : sql<boolean>`(${owner} or (${published(item)} and ${entitled(viewer, item)}))`;
}

/** A map as a gated item: public once published, by a published creator (join `profiles` on the owner). */
export const mapItem: GatedColumns = { ownerId: maps.ownerId, visibility: sql`'public'`, isPublished: maps.isPublished, ownerPublished: profiles.isPublished };

/** A creator's profile as a gated item: public once published. */
export const creatorItem: GatedColumns = { ownerId: profiles.id, visibility: sql`'public'`, isPublished: profiles.isPublished };

/**
 * A post as a gated item: published from its time on (a scheduled post is hidden until then, a draft
 * always), by a published creator (join `profiles` on the creator). `now` is the request's clock,
 * as postAccess() takes it.
 */
export function postItem(now: Date): GatedColumns {
  return {
    ownerId: posts.creatorId,
    visibility: posts.visibility,
    isPublished: sql`(${posts.publishedAt} is not null and ${posts.publishedAt} <= ${now.toISOString()}::timestamptz)`,
    ownerPublished: profiles.isPublished,
  };
}

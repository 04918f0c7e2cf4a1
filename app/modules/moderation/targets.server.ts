/**
 * What a takedown or a report is about, read from the tables directly (this room imports no other
 * content room, so maps, spots and posts can ask it whether an item is taken down without an import
 * circle): its creator, its name, its public address and whether it is published now.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { isUuid } from "~/lib/ids";
import { creatorPath, spotPath } from "~/lib/paths";
import { maps, moderationActions, posts, profiles, spots, type ModerationTarget } from "#db/schema";

export interface TargetInfo {
  type: ModerationTarget;
  id: string;
  creatorId: string;
  /** "Tapas in Seville", "@lucia": how the item is named to the creator and to admins. */
  label: string;
  /** Its public page (where it is, or would be, shown). */
  path: string;
  /** Published now, as the creator left it. */
  published: boolean;
}

type Db = Database | Transaction;

/** The item, or null when there is no such map, spot, post or creator. */
export async function findTarget(db: Db, type: ModerationTarget, id: string): Promise<TargetInfo | null> {
  if (type === "creator") {
    const [row] = await db
      .select({ id: profiles.id, handle: profiles.handle, displayName: profiles.displayName, isPublished: profiles.isPublished, isCreator: profiles.isCreator })
      .from(profiles)
      .where(eq(profiles.id, id));
    if (!row?.isCreator || !row.handle) return null;
    return {
      type,
      id: row.id,
      creatorId: row.id,
      label: row.displayName ? `${row.displayName} (@${row.handle})` : `@${row.handle}`,
      path: creatorPath(row.handle),
      published: row.isPublished,
    };
  }
  if (!isUuid(id)) return null;
  if (type === "map") {
    const [row] = await db
      .select({ id: maps.id, title: maps.title, ownerId: maps.ownerId, slug: maps.currentSlug, isPublished: maps.isPublished })
      .from(maps)
      .where(eq(maps.id, id));
    return row ? { type, id: row.id, creatorId: row.ownerId, label: row.title, path: `/maps/${row.slug}`, published: row.isPublished } : null;
  }
  if (type === "spot") {
    const [row] = await db
      .select({
        id: spots.id,
        name: spots.name,
        slug: spots.slug,
        ownerId: maps.ownerId,
        mapSlug: maps.currentSlug,
        mapTitle: maps.title,
        isPublished: spots.isPublished,
      })
      .from(spots)
      .innerJoin(maps, eq(maps.id, spots.mapId))
      .where(eq(spots.id, id));
    return row
      ? {
          type,
          id: row.id,
          creatorId: row.ownerId,
          label: `${row.name} (on ${row.mapTitle})`,
          path: spotPath({ currentSlug: row.mapSlug }, row),
          published: row.isPublished,
        }
      : null;
  }
  const [row] = await db
    .select({ id: posts.id, title: posts.title, slug: posts.slug, creatorId: posts.creatorId, handle: profiles.handle, publishedAt: posts.publishedAt })
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.creatorId))
    .where(eq(posts.id, id));
  return row
    ? { type, id: row.id, creatorId: row.creatorId, label: row.title, path: `/@${row.handle}/posts/${row.slug}`, published: row.publishedAt !== null }
    : null;
}

/** Whether a takedown is in force on the item: the Studio's publish paths ask before they publish. */
export async function isTakenDown(db: Db, type: ModerationTarget, id: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(moderationActions)
    .where(and(eq(moderationActions.targetType, type), eq(moderationActions.targetId, id), isNull(moderationActions.restoredAt)))
    .limit(1);
  return Boolean(row);
}

/** The creator's items under a takedown in force, by type: the Studio marks them. */
export async function takenDownOf(db: Db, creatorId: string): Promise<Record<ModerationTarget, Set<string>>> {
  const rows = await db
    .select({ type: moderationActions.targetType, id: moderationActions.targetId })
    .from(moderationActions)
    .where(and(eq(moderationActions.creatorId, creatorId), isNull(moderationActions.restoredAt)));
  const out: Record<ModerationTarget, Set<string>> = { map: new Set(), spot: new Set(), post: new Set(), creator: new Set() };
  for (const row of rows) out[row.type].add(row.id);
  return out;
}

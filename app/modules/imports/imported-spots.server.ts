/**
 * Writing imported rows as spots: the one path shared by confirming an import
 * (import-commit.server.ts) and placing a row from the review queue
 * (review-queue.server.ts), so an imported spot looks the same whichever way
 * it arrived.
 *
 * Decisions:
 * - The note becomes the spot's description (markdown; exports write summary +
 *   description back as one note, so a round trip keeps it); the summary stays
 *   empty for the creator to write.
 * - Photos arrive already copied into our storage (import-photos.server.ts):
 *   a spot never links to a picture on another server.
 * - Labels (a Takeout list's tags) are the creator's private labels, kept on
 *   the spot for the Studio only.
 * - A category is the creator's own or a site-wide one with the same name
 *   (case-insensitive); otherwise a new category owned by the creator, with the
 *   source's icon and colour, offered only in their Studio.
 * - Slugs and positions are computed once for the whole batch (one read of the
 *   map's slugs and last position), so 5,000 rows are a few statements, not 10,000.
 *
 * Every function takes the caller's transaction: the caller has locked the map.
 */
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Transaction } from "~/lib/db.server";
import { slugify } from "~/lib/slug";
import { SPOT_LIMITS } from "~/modules/spots";
import { categories, spots, type SpotPhoto } from "#db/schema";
import type { ImportCategory, ImportRow } from "./import-row";

/** What a spot is made from: an import row that has coordinates, its photos copied into our storage. */
export type PlaceableRow = Pick<ImportRow, "name" | "note" | "address" | "category" | "importKey" | "website" | "labels"> & {
  name: string;
  lat: number;
  lng: number;
  photos: SpotPhoto[];
};

const clip = (value: string | null | undefined, max: number): string | null => {
  const text = value?.trim();
  return text ? text.slice(0, max) : null;
};

function webAddress(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".") && value.length <= SPOT_LIMITS.website ? url.toString() : null;
  } catch {
    return null;
  }
}

/** A label as kept: trimmed, at most 80 characters; empty ones and repeats dropped. */
function labelsOf(labels: string[] | undefined): string[] {
  return [...new Set((labels ?? []).map((label) => label.trim().slice(0, 80)).filter(Boolean))];
}

const categoryKey = (name: string) => name.trim().toLowerCase();

/**
 * The category id for each distinct imported category name (keyed by its
 * lowercased name): the creator's own, a site-wide one, or a new one of the
 * creator's with the source's icon and colour.
 */
export async function resolveImportCategories(tx: Transaction, creatorId: string, wanted: (ImportCategory | null)[]): Promise<Map<string, string>> {
  const byName = new Map<string, ImportCategory>();
  for (const category of wanted) if (category?.name.trim()) byName.set(categoryKey(category.name), category);
  const ids = new Map<string, string>();
  if (byName.size === 0) return ids;
  const existing = await tx
    .select({ id: categories.id, name: categories.name, ownerId: categories.ownerId })
    .from(categories)
    .where(or(isNull(categories.ownerId), eq(categories.ownerId, creatorId)));
  // The creator's own category wins over a site-wide one of the same name.
  for (const row of existing.sort((a, b) => Number(a.ownerId !== null) - Number(b.ownerId !== null))) {
    if (byName.has(categoryKey(row.name))) ids.set(categoryKey(row.name), row.id);
  }
  for (const [key, category] of byName) {
    if (ids.has(key)) continue;
    const name = category.name.trim().slice(0, 80);
    // Category slugs are site-wide: the creator's own carry a random tail.
    const slug = `${slugify(name, "category").slice(0, 50)}-${crypto.randomUUID().slice(0, 8)}`;
    const color = category.color && /^#[0-9A-Fa-f]{6}$/.test(category.color) ? category.color.toUpperCase() : null;
    const [row] = await tx
      .insert(categories)
      .values({ slug, name, ownerId: creatorId, icon: category.icon?.slice(0, 60) ?? null, color })
      .returning({ id: categories.id });
    ids.set(key, row.id);
  }
  return ids;
}

/**
 * Insert rows as spots at the end of the map's list, in the given order.
 * Returns the new spot ids in the same order.
 */
export async function insertImportedSpots(
  tx: Transaction,
  target: { mapId: string; creatorId: string; isPublished: boolean },
  rows: PlaceableRow[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const categoryIds = await resolveImportCategories(
    tx,
    target.creatorId,
    rows.map((r) => r.category),
  );
  const taken = new Set((await tx.select({ slug: spots.slug }).from(spots).where(eq(spots.mapId, target.mapId))).map((r) => r.slug));
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${spots.position}) + 1, 0)::int` })
    .from(spots)
    .where(eq(spots.mapId, target.mapId));

  const values = rows.map((row, i) => {
    const name = clip(row.name, SPOT_LIMITS.name) ?? "Unnamed place";
    const base = slugify(name, "spot").slice(0, 60).replace(/-+$/, "") || "spot";
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    return {
      mapId: target.mapId,
      slug,
      name,
      description: clip(row.note, SPOT_LIMITS.description),
      address: clip(row.address, SPOT_LIMITS.address),
      website: webAddress(row.website),
      lat: row.lat,
      lng: row.lng,
      categoryId: row.category ? (categoryIds.get(categoryKey(row.category.name)) ?? null) : null,
      photos: row.photos,
      labels: labelsOf(row.labels),
      position: next + i,
      isPublished: target.isPublished,
      importKey: row.importKey?.slice(0, 2000) ?? null,
    };
  });
  const ids: string[] = [];
  // Chunks keep each statement's parameter count well under PostgreSQL's 65,535.
  for (let i = 0; i < values.length; i += 500) {
    const inserted = await tx
      .insert(spots)
      .values(values.slice(i, i + 500))
      .returning({ id: spots.id });
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/** Spots of the map already imported under these keys (for re-imports): key → spot id. */
export async function spotsByImportKey(tx: Transaction, mapId: string, keys: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(keys.filter(Boolean))];
  const found = new Map<string, string>();
  for (let i = 0; i < wanted.length; i += 1000) {
    const chunk = wanted.slice(i, i + 1000);
    const rows = await tx
      .select({ id: spots.id, importKey: spots.importKey })
      .from(spots)
      .where(and(eq(spots.mapId, mapId), inArray(spots.importKey, chunk)));
    for (const row of rows) if (row.importKey) found.set(row.importKey, row.id);
  }
  return found;
}

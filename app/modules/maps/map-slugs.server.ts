/**
 * Free map slugs. A slug, once used by any map, stays in `map_slugs` and keeps
 * redirecting to that map (301), so a new slug must be free there as well as
 * among current slugs: "untitled-map", then "untitled-map-2", "untitled-map-3"…
 */
import { eq, like, or } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { mapSlugs, maps } from "#db/schema";
import { titleSlug } from "./title-slug";

/** Postgres' unique_violation, as either driver reports it (Drizzle wraps the driver's error in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/**
 * The first free slug for `title` (the base, or the base with the lowest free number); slugs
 * `ownMapId` has or had count as free for it (a map keeps its own address when its title comes back).
 */
export async function freeMapSlug(db: Database, title: string, ownMapId?: string): Promise<string> {
  // Never a UUID (`/maps/{ref}` reads those as ids), and within the address rules.
  const base = titleSlug(title);
  const pattern = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`;
  const taken = new Set(
    (
      await Promise.all([
        db
          .select({ slug: mapSlugs.slug, mapId: mapSlugs.mapId })
          .from(mapSlugs)
          .where(or(eq(mapSlugs.slug, base), like(mapSlugs.slug, pattern))),
        db
          .select({ slug: maps.currentSlug, mapId: maps.id })
          .from(maps)
          .where(or(eq(maps.currentSlug, base), like(maps.currentSlug, pattern))),
      ])
    )
      .flat()
      .filter((r) => r.mapId !== ownMapId)
      .map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Free map slugs. A slug, once used by any map, stays in `map_slugs` and keeps
 * redirecting to that map (301), so a new slug must be free there as well as
 * among current slugs: "untitled-map", then "untitled-map-2", "untitled-map-3"…
 */
import { eq, like, or } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { isUuid } from "~/lib/ids";
import { slugify } from "~/lib/slug";
import { mapSlugs, maps } from "#db/schema";

/** Postgres' unique_violation, as either driver reports it (Drizzle wraps the driver's error in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/** The first free slug for `title` (the base, or the base with the lowest free number). */
export async function freeMapSlug(db: Database, title: string): Promise<string> {
  // `/maps/{ref}` reads a UUID as a map id: a slug may never look like one.
  const made = slugify(title, "map");
  const base = isUuid(made) ? `map-${made}` : made;
  const pattern = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`;
  const taken = new Set(
    (
      await Promise.all([
        db
          .select({ slug: mapSlugs.slug })
          .from(mapSlugs)
          .where(or(eq(mapSlugs.slug, base), like(mapSlugs.slug, pattern))),
        db
          .select({ slug: maps.currentSlug })
          .from(maps)
          .where(or(eq(maps.currentSlug, base), like(maps.currentSlug, pattern))),
      ])
    )
      .flat()
      .map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

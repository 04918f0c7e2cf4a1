import { href } from "react-router";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { creatorPath, spotPath } from "~/lib/paths";
import { legalSlugs } from "~/modules/legal";
import { NO_ENTITLEMENTS } from "~/modules/gate";
import { canSeeSql, mapItem } from "~/modules/gate/index.server";
import { publishedCreatorSql } from "~/modules/creators/index.server";
import { visibleSpots } from "~/modules/spots/index.server";
import { listedPostSql } from "~/modules/posts/index.server";
import { articles, cities, maps, posts, profiles } from "#db/schema";

export interface SitemapEntry {
  path: string;
  lastmod?: Date | null;
}

/**
 * Everything public and indexable: published maps of published creators, their
 * public spots (never gated ones), published creators, their published posts
 * (gated ones too: a locked post's page is a public page of its title, date
 * and teaser), destinations with published maps, published articles and the
 * legal pages. Only addresses and dates: never a word of a post's body.
 */
export async function sitemapEntries(db: Database, now = new Date()): Promise<SitemapEntry[]> {
  // What anyone may see; gated spots (locked for anonymous visitors) are left out.
  const visibleMap = canSeeSql(NO_ENTITLEMENTS, mapItem);
  const vs = visibleSpots(db, NO_ENTITLEMENTS);

  const mapRows = await db
    .select({ currentSlug: maps.currentSlug, updatedAt: maps.updatedAt })
    .from(maps)
    .innerJoin(profiles, eq(profiles.id, maps.ownerId))
    .where(visibleMap)
    .orderBy(maps.publishedAt);

  const spotRows = await db
    .select({ currentSlug: vs.mapSlug, slug: vs.slug, updatedAt: vs.updatedAt })
    .from(vs)
    .where(eq(vs.access, "full"))
    .orderBy(vs.mapPublishedAt, vs.position);

  const creatorRows = await db
    .select({ handle: profiles.handle, updatedAt: profiles.updatedAt })
    .from(profiles)
    .where(and(publishedCreatorSql, isNotNull(profiles.handle)))
    .orderBy(profiles.handle);

  const postRows = await db
    .select({ handle: profiles.handle, slug: posts.slug, updatedAt: posts.updatedAt })
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.creatorId))
    .where(listedPostSql(NO_ENTITLEMENTS, now))
    .orderBy(posts.publishedAt, posts.id);

  const destinationRows = await db
    .selectDistinct({ id: cities.id })
    .from(cities)
    .innerJoin(maps, eq(maps.cityId, cities.id))
    .innerJoin(profiles, eq(profiles.id, maps.ownerId))
    .where(visibleMap)
    .orderBy(cities.id);

  const articleRows = await db
    .select({ type: articles.type, slug: articles.slug, updatedAt: articles.updatedAt })
    .from(articles)
    .where(and(eq(articles.isPublished, true), sql`${articles.publishedAt} <= now()`))
    .orderBy(articles.publishedAt);

  return [
    { path: href("/") },
    { path: href("/maps") },
    { path: href("/explore") },
    { path: href("/discover") },
    { path: href("/creators") },
    { path: href("/destinations") },
    ...mapRows.map((m) => ({ path: href("/maps/:mapId", { mapId: m.currentSlug }), lastmod: m.updatedAt })),
    ...spotRows.map((s) => ({ path: spotPath(s, s), lastmod: s.updatedAt })),
    ...creatorRows.map((p) => ({ path: creatorPath(p.handle!), lastmod: p.updatedAt })),
    ...postRows.map((p) => ({ path: href("/:atHandle/posts/:postSlug", { atHandle: `@${p.handle!}`, postSlug: p.slug }), lastmod: p.updatedAt })),
    ...destinationRows.map((c) => ({ path: href("/destinations/:id", { id: String(c.id) }) })),
    ...articleRows.map((a) => ({ path: href("/discover/:type/:itemSlug", { type: a.type, itemSlug: a.slug }), lastmod: a.updatedAt })),
    ...legalSlugs.map((slug) => ({ path: href("/info/:slug", { slug }) })),
  ];
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function renderSitemap(origin: string, entries: SitemapEntry[]): string {
  const body = entries
    .map((e) => {
      const lastmod = e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : "";
      return `  <url><loc>${escapeXml(origin + e.path)}</loc>${lastmod}</url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/**
 * Demo content: creators, maps of real places, spots, categories and articles,
 * written in one transaction so a failed seed leaves nothing half-written.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { articleMaps, articles, categories, cities, maps, mapSlugs, profiles, spots, user } from "../schema";
import type { DemoArticle, DemoCategory, DemoCreator, DemoMap } from "./demo-content";

export interface DemoContent {
  categories: DemoCategory[];
  creators: DemoCreator[];
  maps: DemoMap[];
  articles: DemoArticle[];
}

export interface SeedSummary {
  creators: number;
  maps: number;
  spots: number;
  articles: number;
}

/** A fixed point in time for "published" dates, spread a few days apart. */
function publishedDate(index: number): Date {
  return new Date(Date.UTC(2026, 9, 1) + index * 3 * 86_400_000);
}

export async function seedDemoContent(db: Database, content: DemoContent): Promise<SeedSummary> {
  return db.transaction(async (tx) => {
    const categoryIds = new Map<string, string>();
    for (const [position, c] of content.categories.entries()) {
      const [row] = await tx
        .insert(categories)
        .values({ slug: c.slug, name: c.name, description: c.description, position })
        .onConflictDoUpdate({ target: categories.slug, set: { name: c.name, description: c.description, position } })
        .returning({ id: categories.id });
      categoryIds.set(c.slug, row.id);
    }

    const creatorIds = new Map<string, string>();
    for (const c of content.creators) {
      const id = randomUUID();
      await tx.insert(user).values({ id, name: c.displayName, email: c.email, emailVerified: true });
      await tx.insert(profiles).values({
        id,
        handle: c.handle,
        displayName: c.displayName,
        bioText: c.bio,
        isCreator: true,
        isOnboarded: true,
        isPublished: true,
      });
      creatorIds.set(c.key, id);
    }

    // Each map's destination: the most populous city of that name in that country.
    const cityIds = new Map<string, number>();
    for (const m of content.maps) {
      const key = `${m.city.name}|${m.city.countryCode}`;
      if (cityIds.has(key)) continue;
      // Exact name first; else a name that starts with it ("New York" -> "New York City").
      const [city] = await tx
        .select({ id: cities.id })
        .from(cities)
        .where(
          and(
            eq(cities.country, m.city.countryCode),
            sql`(lower(${cities.name}) = lower(${m.city.name}) or lower(${cities.asciiName}) = lower(${m.city.name}) or lower(${cities.name}) like lower(${m.city.name}) || ' %')`,
          ),
        )
        .orderBy(sql`lower(${cities.name}) = lower(${m.city.name}) desc`, desc(cities.population))
        .limit(1);
      if (city) cityIds.set(key, city.id);
    }
    // The maps' destinations are the featured ones, in the order the demo's maps first name them.
    for (const [featuredPosition, id] of [...new Set(cityIds.values())].entries())
      await tx.update(cities).set({ isFeatured: true, featuredPosition }).where(eq(cities.id, id));

    const mapIds = new Map<string, string>();
    let spotCount = 0;
    for (const [index, m] of content.maps.entries()) {
      const ownerId = creatorIds.get(m.creator);
      if (!ownerId) throw new Error(`demo map ${m.slug}: unknown creator ${m.creator}`);
      const published = m.published !== false;
      const [row] = await tx
        .insert(maps)
        .values({
          ownerId,
          title: m.title,
          summary: m.summary,
          currentSlug: m.slug,
          isPublished: published,
          publishedAt: published ? publishedDate(index) : null,
          cityId: cityIds.get(`${m.city.name}|${m.city.countryCode}`) ?? null,
        })
        .returning({ id: maps.id });
      mapIds.set(m.slug, row.id);
      await tx.insert(mapSlugs).values({ slug: m.slug, mapId: row.id });
      await tx.insert(spots).values(
        m.spots.map((s, position) => ({
          mapId: row.id,
          slug: s.slug,
          name: s.name,
          summary: s.summary,
          description: s.description,
          lat: s.lat,
          lng: s.lng,
          address: s.address,
          categoryId: categoryIds.get(s.category) ?? null,
          visibility: s.visibility ?? "public",
          position,
          isPublished: s.published !== false,
        })),
      );
      spotCount += m.spots.length;
    }

    for (const [index, a] of content.articles.entries()) {
      const [row] = await tx
        .insert(articles)
        .values({
          slug: a.slug,
          type: a.type,
          title: a.title,
          summary: a.summary,
          bodyMarkdown: a.body,
          categoryId: categoryIds.get(a.category) ?? null,
          isPublished: true,
          publishedAt: publishedDate(index + content.maps.length),
        })
        .returning({ id: articles.id });
      const featured = a.mapSlugs.map((slug) => mapIds.get(slug)).filter((id): id is string => Boolean(id));
      if (featured.length) await tx.insert(articleMaps).values(featured.map((mapId, position) => ({ articleId: row.id, mapId, position })));
    }

    return { creators: creatorIds.size, maps: mapIds.size, spots: spotCount, articles: content.articles.length };
  });
}

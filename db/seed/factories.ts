/**
 * Test factories: rows with sensible defaults, overridable field by field.
 * Integration tests build exactly the world they need with these.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "~/lib/db.server";
import { categories, cities, maps, mapSlugs, posts, profiles, spots, user } from "../schema";
import { slugify } from "~/lib/slug";

let sequence = 0;
const next = () => ++sequence;

export async function createUser(db: Database, overrides: Partial<typeof user.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(user)
    .values({ id: randomUUID(), name: `User ${n}`, email: `user${n}-${randomUUID().slice(0, 8)}@example.com`, emailVerified: true, ...overrides })
    .returning();
  return row;
}

/** A user with a profile; pass `isCreator: true` (or use createCreator) for a creator. */
export async function createProfile(
  db: Database,
  overrides: Partial<typeof profiles.$inferInsert> = {},
  userOverrides: Partial<typeof user.$inferInsert> = {},
) {
  const u = await createUser(db, userOverrides);
  const n = next();
  const [row] = await db
    .insert(profiles)
    .values({ id: u.id, handle: `member${n}_${u.id.slice(0, 6)}`, displayName: u.name, isPublished: true, ...overrides })
    .returning();
  return { user: u, profile: row };
}

export function createCreator(db: Database, overrides: Partial<typeof profiles.$inferInsert> = {}) {
  return createProfile(db, { isCreator: true, isOnboarded: true, isPublished: true, bioText: "I map the places I love.", ...overrides });
}

export async function createCity(db: Database, overrides: Partial<typeof cities.$inferInsert> = {}) {
  const n = next();
  const name = overrides.name ?? `Testville ${n}`;
  const [row] = await db
    .insert(cities)
    .values({
      id: 9_000_000 + n,
      name,
      asciiName: name,
      country: "ES",
      lat: 41.39,
      lng: 2.17,
      population: 100_000,
      slug: `${slugify(name, "city")}-${n}`,
      ...overrides,
    })
    .returning();
  return row;
}

export async function createCategory(db: Database, overrides: Partial<typeof categories.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(categories)
    .values({ slug: `category-${n}`, name: `Category ${n}`, ...overrides })
    .returning();
  return row;
}

export interface MapOptions {
  ownerId?: string;
  spots?: number;
  /** Per-spot overrides by position. */
  spotOverrides?: (position: number) => Partial<typeof spots.$inferInsert>;
}

/** A published map with `spots` (default 30) published public spots around Barcelona. */
export async function createMap(db: Database, overrides: Partial<typeof maps.$inferInsert> = {}, options: MapOptions = {}) {
  const ownerId = options.ownerId ?? overrides.ownerId ?? (await createCreator(db)).profile.id;
  const n = next();
  const title = overrides.title ?? `Test map ${n}`;
  const slug = overrides.currentSlug ?? `${slugify(title, "map")}-${n}`;
  const [map] = await db
    .insert(maps)
    .values({ title, summary: "A map made for a test.", currentSlug: slug, isPublished: true, publishedAt: new Date(), ...overrides, ownerId })
    .returning();
  await db.insert(mapSlugs).values({ slug: map.currentSlug, mapId: map.id });
  const count = options.spots ?? 30;
  const spotRows = count
    ? await db
        .insert(spots)
        .values(
          Array.from({ length: count }, (_, position) => ({
            mapId: map.id,
            slug: `spot-${position + 1}`,
            name: `Spot ${position + 1} of ${title}`,
            summary: `Spot number ${position + 1}.`,
            description: `A longer description of spot ${position + 1}.`,
            lat: 41.38 + position * 0.001,
            lng: 2.17 + position * 0.001,
            address: `Carrer de Test ${position + 1}, Barcelona`,
            position,
            isPublished: true,
            ...options.spotOverrides?.(position),
          })),
        )
        .returning()
    : [];
  return { map, spots: spotRows };
}

/** A post of `creatorId`, published a minute ago and public unless told otherwise; its slug follows its title. */
export async function createPost(db: Database, creatorId: string, overrides: Partial<typeof posts.$inferInsert> = {}) {
  const n = next();
  const title = overrides.title ?? `Test post ${n}`;
  const publishedAt = overrides.publishedAt === undefined ? new Date(Date.now() - 60_000) : overrides.publishedAt;
  const [row] = await db
    .insert(posts)
    .values({
      title,
      slug: `${slugify(title, "post")}-${n}`,
      bodyMarkdown: `The first paragraph of post ${n}.\n\nThe rest of post ${n}.`,
      visibility: "public",
      ...overrides,
      publishedAt,
      firstPublishedAt: overrides.firstPublishedAt ?? publishedAt,
      creatorId,
    })
    .returning();
  return row;
}

/**
 * The pages `npm run bench` measures, added to a database the app has already
 * migrated and seeded with the demo content, with the test factories:
 *  - a published creator with a published 33-spot map (issue 14's map page; a tenth of the
 *    spots premium, so locked teasers are rendered too);
 *  - a 500-spot draft map of a demo creator (issue 12's editor page; that creator signs in with
 *    the demo password when the server runs with DEMO_ACCOUNTS=on).
 * On PGlite the app server must not be running: PGlite is single-process.
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { createDatabase, type Database } from "~/lib/db.server";
import { createCreator, createMap } from "../../db/seed/factories";

export const BENCH_MAP_SPOTS = 33;
export const EDITOR_MAP_SPOTS = 500;
/** The demo creator who owns the editor's 500-spot map (db/seed's demo content). */
export const EDITOR_CREATOR_EMAIL = "lucia.ferrer@example.com";

/** Where the app's database is: its DATA_DIR (PGlite) or a PostgreSQL URL. */
export type BenchDatabase = { dataDir: string } | { url: string };

export interface BenchPages {
  /** `/maps/{slug}` of the 33-spot map. */
  mapPage: string;
  /** `/maps/{slug}/spots/{spot}`: a public spot of that map. */
  spotPage: string;
  /** `/@{handle}` of the demo creator with the most published maps. */
  creatorPage: string;
}

async function withDatabase<T>(target: BenchDatabase, fn: (db: Database) => Promise<T>): Promise<T> {
  const handle = await createDatabase("url" in target ? { url: target.url, poolMax: 2 } : { dataDir: path.join(target.dataDir, "pglite") });
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

/** Adds the 33-spot map; returns the public pages measured. */
export async function seedBenchMap(target: BenchDatabase): Promise<BenchPages> {
  return withDatabase(target, async (db) => {
    const { profile } = await createCreator(db, { handle: "bench_creator", displayName: "Bench Creator", bioText: "I map the places I love for benchmarks." });
    const city = await db.execute<{ id: number }>(sql`select id from cities where slug = 'barcelona'`);
    const { map, spots } = await createMap(
      db,
      {
        title: "Barcelona in thirty-three spots",
        summary: "Thirty-three places to eat, drink and wander in Barcelona, from the Gothic Quarter to Gracia.",
        currentSlug: "bench-barcelona-in-thirty-three-spots",
        cityId: city.rows[0]?.id ?? null,
      },
      {
        ownerId: profile.id,
        spots: BENCH_MAP_SPOTS,
        spotOverrides: (position) => ({
          name: `Bench spot ${position + 1}: a cafe with a sunny terrace`,
          summary: `A quiet place with good coffee, live music on Fridays and a view of the square (spot ${position + 1}).`,
          visibility: position % 10 === 9 ? "premium" : "public",
        }),
      },
    );
    const creator = await db.execute<{ handle: string }>(sql`
      select p.handle from profiles p join maps m on m.owner_id = p.id
      where p.is_creator and p.handle is not null and p.handle <> 'bench_creator' and m.is_published
      group by p.handle order by count(*) desc, p.handle limit 1`);
    const handle = creator.rows[0]?.handle;
    if (!handle) throw new Error("no demo creator with a published map: was the demo content seeded?");
    return { mapPage: `/maps/${map.currentSlug}`, spotPage: `/maps/${map.currentSlug}/spots/${spots[0].slug}`, creatorPage: `/@${handle}` };
  });
}

/** Adds a 500-spot draft map owned by the demo creator EDITOR_CREATOR_EMAIL; returns its id. */
export async function seedEditorMap(target: BenchDatabase): Promise<string> {
  return withDatabase(target, async (db) => {
    const owner = await db.execute<{ id: string }>(sql`select id from "user" where email = ${EDITOR_CREATOR_EMAIL}`);
    const ownerId = owner.rows[0]?.id;
    if (!ownerId) throw new Error(`no demo creator ${EDITOR_CREATOR_EMAIL}: was the demo content seeded?`);
    const { map } = await createMap(
      db,
      { title: "Five hundred spots to edit", currentSlug: "bench-five-hundred-spots-to-edit", isPublished: false, publishedAt: null },
      {
        ownerId,
        spots: EDITOR_MAP_SPOTS,
        spotOverrides: (position) => ({
          name: `Editor spot ${position + 1}: a bakery by the market`,
          summary: `Fresh bread from six in the morning, and a bench outside (spot ${position + 1}).`,
          visibility: position % 7 === 6 ? "supporters" : "public",
        }),
      },
    );
    return map.id;
  });
}

/**
 * The map page measured by `npm run bench`: a published creator with a
 * published 50-spot map (a tenth of the spots premium, so locked teasers are
 * rendered too), written into the app's embedded database with the test
 * factories. The app server must not be running: PGlite is single-process.
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { createDatabase } from "~/lib/db.server";
import { createCreator, createMap } from "../../db/seed/factories";

export const BENCH_MAP_SPOTS = 50;

/** Adds the map to the database under `dataDir` (the app's DATA_DIR); returns its slug. */
export async function seedBenchMap(dataDir: string): Promise<string> {
  const handle = await createDatabase({ dataDir: path.join(dataDir, "pglite") });
  try {
    const db = handle.db;
    const { profile } = await createCreator(db, { handle: "bench_creator", displayName: "Bench Creator", bioText: "I map the places I love for benchmarks." });
    const city = await db.execute<{ id: number }>(sql`select id from cities where slug = 'barcelona'`);
    const { map } = await createMap(
      db,
      {
        title: "Barcelona in fifty spots",
        summary: "Fifty places to eat, drink and wander in Barcelona, from the Gothic Quarter to Gracia.",
        currentSlug: "bench-barcelona-in-fifty-spots",
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
    return map.currentSlug;
  } finally {
    await handle.close();
  }
}

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
import { followers, mapBookmarks, platformSubscriptions } from "#db/schema";
import { createDatabase, type Database } from "~/lib/db.server";
import { enableDemoAccounts } from "~/modules/auth/demo-accounts.server";
import { createCreator, createMap, createProfile } from "../../db/seed/factories";

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

/** The signed-in viewer of issue 27's figures: a Premium member who follows the bench creator and saved its map. */
export const BENCH_MEMBER_EMAIL = "bench.member@example.com";

/** Adds the Premium member (demo password) after seedBenchMap; returns the email to sign in with. */
export async function seedBenchMember(target: BenchDatabase): Promise<string> {
  return withDatabase(target, async (db) => {
    const bench = await benchIds(db);
    const { user } = await createProfile(db, { handle: "bench_member", displayName: "Bench Member" }, { email: BENCH_MEMBER_EMAIL, name: "Bench Member" });
    await makePremium(db, user.id);
    await db.insert(followers).values({ userId: user.id, creatorId: bench.creatorId, status: "active" });
    await db.insert(mapBookmarks).values({ userId: user.id, mapId: bench.mapId });
    await enableDemoAccounts(db, [BENCH_MEMBER_EMAIL]);
    return BENCH_MEMBER_EMAIL;
  });
}

/** What the mixed load's viewers read and write (issue 27): the bench map, one of its public spots, its creator. */
export interface MixedLoadSeed {
  /** Demo-password members: every other one Premium. */
  emails: string[];
  mapId: string;
  spotId: string;
  creatorId: string;
}

/** Adds `count` members (demo password; every other one Premium) after seedBenchMap, for the mixed load. */
export async function seedMixedLoadMembers(target: BenchDatabase, count: number): Promise<MixedLoadSeed> {
  return withDatabase(target, async (db) => {
    const bench = await benchIds(db);
    const emails: string[] = [];
    for (let i = 1; i <= count; i++) {
      const email = `bench.mixed${i}@example.com`;
      const { user } = await createProfile(db, { handle: `bench_mixed${i}`, displayName: `Bench Viewer ${i}` }, { email, name: `Bench Viewer ${i}` });
      if (i % 2 === 1) await makePremium(db, user.id);
      emails.push(email);
    }
    await enableDemoAccounts(db, emails);
    return { emails, ...bench };
  });
}

async function benchIds(db: Database): Promise<{ creatorId: string; mapId: string; spotId: string }> {
  const found = await db.execute<{ creator: string; map: string; spot: string }>(sql`
    select p.id as creator, m.id as map, s.id as spot from profiles p join maps m on m.owner_id = p.id join spots s on s.map_id = m.id
    where p.handle = 'bench_creator' and s.visibility = 'public' order by s.position limit 1`);
  const bench = found.rows[0];
  if (!bench) throw new Error("seedBenchMap first: no bench creator");
  return { creatorId: bench.creator, mapId: bench.map, spotId: bench.spot };
}

async function makePremium(db: Database, userId: string): Promise<void> {
  const periodEnd = new Date(Date.now() + 30 * 24 * 3600 * 1000);
  await db.insert(platformSubscriptions).values({ userId, status: "active", interval: "month", provider: "local", currentPeriodEnd: periodEnd });
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

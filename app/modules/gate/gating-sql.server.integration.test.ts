/**
 * The gate is written three times: the pure accessTo(), its SQL form, and
 * search's form on `spots` alone. This runs them over one table of viewers ×
 * items (every visibility, published or not, on published and draft maps of
 * published and unpublished creators) on the real database (PGlite, and
 * PostgreSQL when TEST_DATABASE_URL is set) and requires the same answer for
 * every pair — and the spots relation to show exactly what the gate lets
 * through, locked where it says locked.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/setup/database";
import type { Database } from "~/lib/db.server";
import { maps, profiles, spots, type Visibility } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { visibleSpots } from "~/modules/spots/visible-spots.server";
import { creatorSeenBySql } from "~/modules/creators/published-creator.server";
import { accessTo, NO_ENTITLEMENTS, type Access, type Entitlements } from "./gating";
import { accessSql, canSeeSql, canViewSql, creatorItem, mapItem, type GatedColumns } from "./gating-sql.server";
import { beyondPublicSpotParts, listedGatedSpotSql, listedPublicSpotSql } from "./search-sql.server";

// One world for every test: they only read it.
const db = await setupTestDatabase({ reset: "file" });

interface World {
  db: Database;
  viewers: Record<string, Entitlements>;
}

/** Creators A and B (published) and C (unpublished); each spot kind on each; a draft map of A's and of C's. */
async function world(): Promise<World> {
  const kinds: { name: string; visibility: Visibility; isPublished?: boolean }[] = [
    { name: "public", visibility: "public" },
    { name: "premium", visibility: "premium" },
    { name: "supporters", visibility: "supporters" },
    { name: "unpublished spot", visibility: "public", isPublished: false },
    { name: "unpublished premium spot", visibility: "premium", isPublished: false },
    { name: "unpublished supporters spot", visibility: "supporters", isPublished: false },
  ];
  const spotsOf = (creator: string) => ({
    spots: kinds.length,
    spotOverrides: (p: number) => ({ name: `${creator}: ${kinds[p].name}`, visibility: kinds[p].visibility, isPublished: kinds[p].isPublished ?? true }),
  });
  const { profile: a } = await createCreator(db, { handle: "creator_a" });
  const { profile: b } = await createCreator(db, { handle: "creator_b" });
  const { profile: c } = await createCreator(db, { handle: "creator_c", isPublished: false });
  await createMap(db, { title: "A's map" }, { ownerId: a.id, ...spotsOf("A") });
  await createMap(db, { title: "A's draft map", isPublished: false }, { ownerId: a.id, ...spotsOf("A draft") });
  await createMap(db, { title: "B's map" }, { ownerId: b.id, ...spotsOf("B") });
  await createMap(db, { title: "C's map" }, { ownerId: c.id, ...spotsOf("C") });
  await createMap(db, { title: "C's draft map", isPublished: false }, { ownerId: c.id, ...spotsOf("C draft") });
  const { user: someone } = await createProfile(db);
  // Someone who has stopped being a creator keeps a published profile, and no page.
  await createProfile(db, { handle: "former_creator", isPublished: true });
  const { user: admin } = await createProfile(db, { isAdmin: true });
  const member = (overrides: Partial<Entitlements>): Entitlements => ({ ...NO_ENTITLEMENTS, userId: someone.id, ...overrides });
  return {
    db,
    viewers: {
      anonymous: NO_ENTITLEMENTS,
      user: member({}),
      premium: member({ hasActiveSubscription: true }),
      // A supporter of anyone counts as Premium everywhere (entitlementsOf).
      "supporter of A": member({ hasActiveSubscription: true, supportedCreatorIds: [a.id] }),
      "supporter of B": member({ hasActiveSubscription: true, supportedCreatorIds: [b.id] }),
      "supporter of A and B": member({ hasActiveSubscription: true, supportedCreatorIds: [a.id, b.id] }),
      "owner A": { ...NO_ENTITLEMENTS, userId: a.id },
      "owner C (unpublished)": { ...NO_ENTITLEMENTS, userId: c.id },
      admin: { ...NO_ENTITLEMENTS, userId: admin.id, isAdmin: true },
    },
  };
}

interface Row {
  name: string;
  ownerId: string;
  visibility: Visibility;
  isPublished: boolean;
  ownerPublished: boolean;
  access: Access;
  canSee: boolean;
  canView: boolean;
}

/** Every item with the gate's three SQL answers for one viewer, and what the pure function needs to decide. */
async function gateInSql(db: Database, viewer: Entitlements, kind: "spot" | "map" | "creator"): Promise<Row[]> {
  const spotItem: GatedColumns = {
    ownerId: maps.ownerId,
    visibility: spots.visibility,
    isPublished: sql`(${spots.isPublished} and ${maps.isPublished})`,
    ownerPublished: profiles.isPublished,
  };
  const item = { spot: spotItem, map: mapItem, creator: creatorItem }[kind];
  const columns = {
    ownerId: sql<string>`${item.ownerId}`,
    visibility: sql<Visibility>`${item.visibility}`,
    isPublished: sql<boolean>`${item.isPublished}`,
    ownerPublished: sql<boolean>`${item.ownerPublished ?? sql`true`}`,
    access: accessSql(viewer, item),
    canSee: canSeeSql(viewer, item),
    canView: canViewSql(viewer, item),
  };
  if (kind === "creator")
    return db
      .select({ name: profiles.handle, ...columns })
      .from(profiles)
      .where(eq(profiles.isCreator, true)) as Promise<Row[]>;
  const fromMaps =
    kind === "map"
      ? db.select({ name: maps.title, ...columns }).from(maps)
      : db
          .select({ name: spots.name, ...columns })
          .from(spots)
          .innerJoin(maps, eq(maps.id, spots.mapId));
  return fromMaps.innerJoin(profiles, eq(profiles.id, maps.ownerId)) as Promise<Row[]>;
}

interface SearchRow extends Omit<Row, "access" | "canSee" | "canView"> {
  listedPublic: boolean;
  /** Which of search's parts beyond the listed public spots hold the spot (indexes into the parts). */
  beyondParts: number[];
  listedGated: boolean;
}

/** Every spot with search's narrowings for one viewer, and what the pure function needs to decide. */
async function searchFormInSql(db: Database, viewer: Entitlements): Promise<SearchRow[]> {
  const parts = beyondPublicSpotParts(viewer, "o");
  const inParts = parts.length
    ? sql`array_remove(array[${sql.join(
        parts.map((part, i) => sql`case when ${part.where} then ${sql.raw(String(i))} end`),
        sql`, `,
      )}]::int[], null)`
    : sql`array[]::int[]`;
  const result: unknown = await db.execute(sql`
    select o.name, m.owner_id as "ownerId", o.visibility, (o.is_published and m.is_published) as "isPublished", p.is_published as "ownerPublished",
           (${listedPublicSpotSql("o")}) as "listedPublic", ${inParts} as "beyondParts", (${listedGatedSpotSql("o")}) as "listedGated"
    from spots o join maps m on m.id = o.map_id join profiles p on p.id = m.owner_id`);
  return (result as { rows?: SearchRow[] }).rows ?? (result as SearchRow[]);
}

describe("the gate in SQL and in TypeScript", () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });

  for (const kind of ["spot", "map", "creator"] as const) {
    it(`gives every viewer the same answer for every ${kind}`, async () => {
      const seen = new Set<Access>();
      for (const [viewerName, viewer] of Object.entries(w.viewers)) {
        const rows = await gateInSql(w.db, viewer, kind);
        expect(rows.length).toBeGreaterThan(2);
        for (const row of rows) {
          const expected = accessTo(viewer, {
            ownerId: row.ownerId,
            visibility: row.visibility,
            isPublished: row.isPublished,
            ownerPublished: row.ownerPublished,
          });
          seen.add(expected);
          const where = `${viewerName} × ${row.name}`;
          expect({ where, access: row.access }).toEqual({ where, access: expected });
          expect({ where, canSee: row.canSee }).toEqual({ where, canSee: expected !== "hidden" });
          expect({ where, canView: row.canView }).toEqual({ where, canView: expected === "full" });
        }
      }
      // The table is not trivial: each kind meets the outcomes it can have.
      expect([...seen].sort()).toEqual(kind === "spot" ? ["full", "hidden", "locked"] : ["full", "hidden"]);
    });
  }

  it("the spots relation shows each viewer exactly what the gate lets through, locked where it says so", async () => {
    for (const [viewerName, viewer] of Object.entries(w.viewers)) {
      const gate = new Map((await gateInSql(w.db, viewer, "spot")).map((r) => [r.name, r.access]));
      const vs = visibleSpots(w.db, viewer, { includeDrafts: true });
      const shown = await w.db.select({ name: vs.name, access: vs.access, summary: vs.summary, lat: vs.lat }).from(vs);
      const expected = [...gate].filter(([, access]) => access !== "hidden").map(([name, access]) => ({ name, access }));
      expect({ viewerName, shown: shown.map(({ name, access }) => ({ name, access })).sort((x, y) => x.name.localeCompare(y.name)) }).toEqual({
        viewerName,
        shown: expected.sort((x, y) => x.name.localeCompare(y.name)),
      });
      // A locked row carries no gated field out of the database, and only the rounded area.
      for (const row of shown.filter((r) => r.access === "locked")) {
        expect(row.summary).toBeNull();
        expect(row.lat).toBe(Number(row.lat.toFixed(2)));
      }
    }
  });

  it("search's form finds for every viewer exactly the listed spots the gate opens to them", async () => {
    // An anonymous visitor's search reads only the listed public index.
    expect(beyondPublicSpotParts(NO_ENTITLEMENTS, "o")).toEqual([]);
    const reasons = new Set<string>();
    for (const [viewerName, viewer] of Object.entries(w.viewers)) {
      const rows = await searchFormInSql(w.db, viewer);
      expect(rows.length).toBeGreaterThan(2);
      for (const row of rows) {
        const item = { ownerId: row.ownerId, visibility: row.visibility, isPublished: row.isPublished, ownerPublished: row.ownerPublished };
        const where = `${viewerName} × ${row.name}`;
        // Search reads listed public spots without the gate, so they must be exactly what anyone may open.
        expect({ where, listedPublic: row.listedPublic }).toEqual({ where, listedPublic: accessTo(NO_ENTITLEMENTS, item) === "full" });
        // The other spots are read from the parts beyond public without the gate (a listing: no drafts),
        // so the parts must be exact, and disjoint from each other and from the listed public spots
        // (a spot found twice would be counted twice).
        const opened = accessTo(viewer, item) === "full" && row.isPublished;
        const found = row.listedPublic || row.beyondParts.length > 0;
        expect({ where, found }).toEqual({ where, found: opened });
        expect({ where, parts: row.beyondParts.length + (row.listedPublic ? 1 : 0) }).toEqual({ where, parts: found ? 1 : 0 });
        if (found) reasons.add(row.listedPublic ? "listed public" : `beyond public: ${beyondPublicSpotParts(viewer, "o")[row.beyondParts[0]].kind}`);
        // Listed gated spots are found by name for anyone: exactly the listed spots anyone sees locked.
        expect({ where, listedGated: row.listedGated }).toEqual({ where, listedGated: accessTo(NO_ENTITLEMENTS, item) === "locked" && row.isPublished });
      }
    }
    // The table is not trivial: every part of search finds something.
    expect([...reasons].sort()).toEqual([
      "beyond public: all published",
      "beyond public: own",
      "beyond public: premium",
      "beyond public: supporters",
      "listed public",
    ]);
  });

  it("the creator rule shows each viewer exactly the creators the gate lets them see", async () => {
    const seen = new Set<boolean>();
    for (const [viewerName, viewer] of Object.entries(w.viewers)) {
      const rows = await w.db
        .select({ handle: profiles.handle, id: profiles.id, isCreator: profiles.isCreator, isPublished: profiles.isPublished, seen: creatorSeenBySql(viewer) })
        .from(profiles);
      for (const row of rows) {
        const expected = row.isCreator && accessTo(viewer, { ownerId: row.id, visibility: "public", isPublished: row.isPublished }) !== "hidden";
        seen.add(expected);
        const where = `${viewerName} × ${row.handle ?? row.id}`;
        expect({ where, seen: row.seen }).toEqual({ where, seen: expected });
      }
    }
    expect([...seen].sort()).toEqual([false, true]);
  });

  it("listings leave drafts out even for their owner", async () => {
    const vs = visibleSpots(w.db, w.viewers["owner A"]);
    const names = (await w.db.select({ name: vs.name }).from(vs)).map((r) => r.name);
    expect(names).toContain("A: premium");
    expect(names.filter((n) => n.includes("unpublished") || n.startsWith("A draft"))).toEqual([]);
  });
});

/**
 * The gate is written twice: the pure accessTo() and its SQL form. This runs
 * both over one table of viewers × items on the real database (PGlite, and
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
import { accessTo, NO_ENTITLEMENTS, type Access, type Entitlements } from "./gating";
import { accessSql, canSeeSql, canViewSql, creatorItem, mapItem, type GatedColumns } from "./gating-sql.server";

// One world for every test: they only read it.
const db = await setupTestDatabase({ reset: "file" });

interface World {
  db: Database;
  viewers: Record<string, Entitlements>;
}

/** Creators A and B (published) and C (unpublished); each spot kind on each; a draft map of A's. */
async function world(): Promise<World> {
  const kinds: { name: string; visibility: Visibility; isPublished?: boolean }[] = [
    { name: "public", visibility: "public" },
    { name: "premium", visibility: "premium" },
    { name: "supporters", visibility: "supporters" },
    { name: "unpublished spot", visibility: "public", isPublished: false },
    { name: "unpublished premium spot", visibility: "premium", isPublished: false },
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
  const { user: someone } = await createProfile(db);
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

  it("listings leave drafts out even for their owner", async () => {
    const vs = visibleSpots(w.db, w.viewers["owner A"]);
    const names = (await w.db.select({ name: vs.name }).from(vs)).map((r) => r.name);
    expect(names).toContain("A: premium");
    expect(names.filter((n) => n.includes("unpublished") || n.startsWith("A draft"))).toEqual([]);
  });
});

import { beforeEach, describe, expect, it } from "vitest";
import { getTestDb, resetTestDb } from "../../../tests/setup/database";
import { createCity, createCreator, createMap } from "#db/seed/factories";
import { NO_ENTITLEMENTS, type Entitlements } from "~/modules/memberships/gating";
import { normaliseQuery, search } from "./search.server";

async function world() {
  const db = await getTestDb();
  const { profile: lucia } = await createCreator(db, { handle: "lucia_ferrer", displayName: "Lucía Ferrer", bioText: "Vermouth bars and bakeries in Barcelona." });
  const { profile: hidden } = await createCreator(db, { handle: "ghost_writer", displayName: "Ghost Vermouth", isPublished: false });
  await createMap(db, { title: "Barcelona vermouth bars", summary: "Where to drink vermouth on a Sunday." }, {
    ownerId: lucia.id,
    spots: 4,
    spotOverrides: (p) =>
      [
        { name: "Bodega Quimet", summary: "Classic vermouth bodega." },
        { name: "Bar Secreto", summary: "Vermouth with a secret garden.", visibility: "premium" as const },
        { name: "La Cova Fumada", summary: "Bombas.", address: "Carrer del Baluard 56", visibility: "supporters" as const },
        { name: "Draft Vermouth Bar", isPublished: false },
      ][p],
  });
  await createMap(db, { title: "Unpublished vermouth map", isPublished: false }, { ownerId: lucia.id, spots: 1 });
  await createMap(db, { title: "Hidden creator vermouth" }, { ownerId: hidden.id, spots: 1, spotOverrides: () => ({ name: "Hidden vermouth spot" }) });
  await createCity(db, { name: "Barcelona", country: "ES", population: 1_600_000 });
  await createCity(db, { name: "Barcelos", country: "PT", population: 20_000 });
  await createCity(db, { name: "Barcelona", country: "VE", population: 400_000 });
  return { db, lucia };
}

const names = <T extends { name?: string; title?: string; handle?: string }>(items: T[]) => items.map((i) => i.name ?? i.title ?? i.handle);

describe("search", () => {
  beforeEach(async () => resetTestDb(await getTestDb()));

  it("finds published spots, maps, creators and cities, with counts, and nothing unpublished", async () => {
    const { db } = await world();
    const results = await search(db, "vermouth", NO_ENTITLEMENTS);
    expect(names(results.spots.items)).toEqual(["Bodega Quimet"]);
    expect(names(results.maps.items)).toEqual(["Barcelona vermouth bars"]);
    expect(names(results.creators.items)).toEqual(["lucia_ferrer"]);
    expect(results.spots.count).toBe(1);
    const text = JSON.stringify(results);
    for (const hidden of ["Draft Vermouth Bar", "Unpublished vermouth map", "Hidden creator vermouth", "Hidden vermouth spot", "ghost_writer"]) {
      expect(text).not.toContain(hidden);
    }
  });

  it("leaves out gated spots for viewers who may not open them, even when their address matches", async () => {
    const { db, lucia } = await world();
    expect((await search(db, "Baluard", NO_ENTITLEMENTS)).spots.items).toEqual([]);
    expect(JSON.stringify(await search(db, "secret garden", NO_ENTITLEMENTS))).not.toContain("Bar Secreto");
    const subscriber: Entitlements = { userId: "u", isAdmin: false, hasActiveSubscription: true, supportedCreatorIds: [] };
    expect(names((await search(db, "secret garden", subscriber)).spots.items)).toEqual(["Bar Secreto"]);
    expect((await search(db, "Baluard", subscriber)).spots.items).toEqual([]);
    const supporter: Entitlements = { ...subscriber, supportedCreatorIds: [lucia.id] };
    expect(names((await search(db, "Baluard", supporter)).spots.items)).toEqual(["La Cova Fumada"]);
  });

  it("tolerates typos and searches cities by prefix, larger first", async () => {
    const { db } = await world();
    expect(names((await search(db, "Bodga Quimet", NO_ENTITLEMENTS)).spots.items)).toContain("Bodega Quimet");
    const cities = (await search(db, "barcel", NO_ENTITLEMENTS)).destinations.items;
    expect(cities.map((c) => `${c.name}/${c.country}`)).toEqual(["Barcelona/ES", "Barcelona/VE", "Barcelos/PT"]);
    expect((await search(db, "Barcelonna", NO_ENTITLEMENTS)).destinations.items[0]).toMatchObject({ name: "Barcelona" });
  });

  it("treats odd input as text: empty, operators, quotes, SQL and LIKE wildcards", async () => {
    const { db } = await world();
    expect((await search(db, "   ", NO_ENTITLEMENTS)).spots).toEqual({ items: [], count: 0 });
    for (const q of ['"unclosed', "vermouth -bars OR", "'; drop table spots; --", "%", "_", "\\", "a".repeat(500)]) {
      await expect(search(db, q, NO_ENTITLEMENTS)).resolves.toBeTruthy();
    }
    expect((await search(db, "%", NO_ENTITLEMENTS)).destinations.items).toEqual([]);
    expect(normaliseQuery("  two   words  ")).toBe("two words");
  });
});

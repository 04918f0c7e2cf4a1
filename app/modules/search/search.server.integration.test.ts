import { beforeEach, describe, expect, it } from "vitest";
import { getTestDb, resetTestDb } from "../../../tests/setup/database";
import { eq } from "drizzle-orm";
import { spots } from "#db/schema";
import { createCity, createCreator, createMap } from "#db/seed/factories";
import { NO_ENTITLEMENTS, type Entitlements } from "~/modules/memberships/gating";
import { normaliseQuery, search } from "./search.server";

async function world() {
  const db = await getTestDb();
  const { profile: lucia } = await createCreator(db, {
    handle: "lucia_ferrer",
    displayName: "Lucía Ferrer",
    bioText: "Vermouth bars and bakeries in Barcelona.",
  });
  const { profile: hidden } = await createCreator(db, { handle: "ghost_writer", displayName: "Ghost Vermouth", isPublished: false });
  await createMap(
    db,
    { title: "Barcelona vermouth bars", summary: "Where to drink vermouth on a Sunday." },
    {
      ownerId: lucia.id,
      spots: 4,
      spotOverrides: (p) =>
        [
          { name: "Bodega Quimet", summary: "Classic vermouth bodega." },
          { name: "Bar Secreto", summary: "Vermouth with a secret garden.", description: "Knock twice at the green door.", visibility: "premium" as const },
          { name: "La Cova Fumada", summary: "Bombas.", address: "Carrer del Baluard 56", visibility: "supporters" as const },
          { name: "Draft Vermouth Bar", isPublished: false },
        ][p],
    },
  );
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

  it("corrects misspelt words to names it knows: a city in a map title, a spot name, a creator's name", async () => {
    const { db, lucia } = await world();
    await createMap(db, { title: "Porto bar crawl" }, { ownerId: lucia.id, spots: 0 });
    // The city's name, not every bar ("bar" is near "barcelna" too, but much less so).
    expect(names((await search(db, "barcelna", NO_ENTITLEMENTS)).maps.items)).toEqual(["Barcelona vermouth bars"]);
    expect(names((await search(db, "quimt", NO_ENTITLEMENTS)).spots.items)).toEqual(["Bodega Quimet"]);
    expect(names((await search(db, "bodga quimet", NO_ENTITLEMENTS)).spots.items)).toEqual(["Bodega Quimet"]);
    expect(names((await search(db, "ferer", NO_ENTITLEMENTS)).creators.items)).toEqual(["lucia_ferrer"]);
    expect((await search(db, "zzyzx", NO_ENTITLEMENTS)).spots).toEqual({ items: [], count: 0 });
  });

  it("finds a misspelt gated spot only for those who may open it, never with its gated fields, and never an unpublished one", async () => {
    const { db, lucia } = await world();
    const anonymous = await search(db, "secrto", NO_ENTITLEMENTS);
    expect(JSON.stringify(anonymous)).not.toContain("Secreto");
    const subscriber: Entitlements = { userId: "u", isAdmin: false, hasActiveSubscription: true, supportedCreatorIds: [] };
    const found = await search(db, "secrto", subscriber);
    expect(names(found.spots.items)).toEqual(["Bar Secreto"]);
    expect(Object.keys(found.spots.items[0]).sort()).toEqual(["coverImageUrl", "id", "mapId", "mapSlug", "name", "slug", "summary"]);
    expect(JSON.stringify(found)).not.toContain("green door");

    expect(JSON.stringify(await search(db, "cova fumda", subscriber))).not.toContain("Fumada");
    const supporter = await search(db, "cova fumda", { ...subscriber, supportedCreatorIds: [lucia.id] });
    expect(names(supporter.spots.items)).toEqual(["La Cova Fumada"]);
    expect(JSON.stringify(supporter)).not.toContain("Baluard");

    const admin: Entitlements = { ...subscriber, isAdmin: true };
    for (const q of ["draft vermuth", "drat", "unpublishd vermouth map", "gost writer"]) {
      const text = JSON.stringify(await search(db, q, admin));
      for (const hidden of ["Draft Vermouth Bar", "Unpublished vermouth map", "ghost_writer", "Hidden vermouth spot"]) expect(text).not.toContain(hidden);
    }
  });

  it("follows a renamed spot: its new name is found with a typo, its old one no more", async () => {
    const { db } = await world();
    await db.update(spots).set({ name: "Can Paixano" }).where(eq(spots.name, "Bodega Quimet"));
    expect(names((await search(db, "paixno", NO_ENTITLEMENTS)).spots.items)).toEqual(["Can Paixano"]);
    expect(JSON.stringify(await search(db, "quimt", NO_ENTITLEMENTS))).not.toContain("Quimet");
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

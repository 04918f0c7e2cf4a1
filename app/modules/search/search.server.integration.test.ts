import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { and, eq, fillPlaceholders, inArray, sql } from "drizzle-orm";
import { FUZZY_CITY_MIN_POPULATION, maps, PREMIUM_SEARCH_SHARDS, profiles, SPOT_SEARCH_SHARDS, spots } from "#db/schema";
import { visibleSpots } from "~/modules/spots/visible-spots.server";
import { createCity, createCreator, createMap } from "#db/seed/factories";
import { NO_ENTITLEMENTS, type Entitlements } from "~/modules/gate";
import { SEARCH_COUNT_CAP } from "./count";
import { PgDialect } from "drizzle-orm/pg-core";
import { TransactionRollbackError } from "drizzle-orm";
import { DESTINATIONS, normaliseQuery, search } from "./search.server";

const db = await setupTestDatabase();

async function world() {
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

  it("finds a town by a similar name, a village only by the start of its name", async () => {
    const { db } = await world();
    await createCity(db, { name: "Granollerra", population: 60_000 });
    await createCity(db, { name: "Vilanovella", population: FUZZY_CITY_MIN_POPULATION - 1 });
    const cityNames = async (q: string) => (await search(db, q, NO_ENTITLEMENTS)).destinations.items.map((c) => c.name);
    expect(await cityNames("Granolera")).toContain("Granollerra");
    expect(await cityNames("Vilanovela")).not.toContain("Vilanovella");
    expect(await cityNames("Vilanov")).toContain("Vilanovella");
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
    // Its name is public (it is on the map page, locked): a visitor who may not open it finds it locked.
    const anonymous = await search(db, "secrto", NO_ENTITLEMENTS);
    expect(anonymous.spots.items).toEqual([expect.objectContaining({ name: "Bar Secreto", locked: true, visibility: "premium" })]);
    expect(Object.keys(anonymous.spots.items[0]).sort()).toEqual(["id", "locked", "mapId", "mapSlug", "name", "slug", "visibility"]);
    expect(JSON.stringify(anonymous)).not.toMatch(/secret garden|green door/);
    const subscriber: Entitlements = { userId: "u", isAdmin: false, hasActiveSubscription: true, supportedCreatorIds: [] };
    const found = await search(db, "secrto", subscriber);
    expect(names(found.spots.items)).toEqual(["Bar Secreto"]);
    expect(Object.keys(found.spots.items[0]).sort()).toEqual(["coverImageUrl", "id", "locked", "mapId", "mapSlug", "name", "slug", "summary"]);
    expect(found.spots.items[0]).toMatchObject({ locked: false, summary: "Vermouth with a secret garden." });
    expect(JSON.stringify(found)).not.toContain("green door");

    const locked = await search(db, "cova fumda", subscriber);
    expect(locked.spots.items).toEqual([expect.objectContaining({ name: "La Cova Fumada", locked: true })]);
    expect(JSON.stringify(locked)).not.toMatch(/Bombas|Baluard/);
    const supporter = await search(db, "cova fumda", { ...subscriber, supportedCreatorIds: [lucia.id] });
    expect(names(supporter.spots.items)).toEqual(["La Cova Fumada"]);
    expect(supporter.spots.items[0]).toMatchObject({ locked: false, summary: "Bombas." });
    expect(JSON.stringify(supporter)).not.toContain("Baluard");

    const admin: Entitlements = { ...subscriber, isAdmin: true };
    for (const q of ["draft vermuth", "drat", "unpublishd vermouth map", "gost writer"]) {
      const text = JSON.stringify(await search(db, q, admin));
      for (const hidden of ["Draft Vermouth Bar", "Unpublished vermouth map", "ghost_writer", "Hidden vermouth spot"]) expect(text).not.toContain(hidden);
    }
  });

  it("ignores accents, in what is typed and in what is found, and takes a last word typed halfway as a prefix", async () => {
    const { lucia } = await world();
    await createMap(
      db,
      { title: "Gaudí in Barcelona", summary: "Modernisme, café by café" },
      { ownerId: lucia.id, spots: 2, spotOverrides: (p) => [{ name: "Park Güell" }, { name: "Café de l'Òpera", summary: "Crème brûlée" }][p] },
    );
    await createCity(db, { name: "Málaga", country: "ES", population: 570_000 });
    for (const q of ["Park Guell", "park güell", "Park Gu", "park gü", "PARK GUEL"]) {
      expect({ q, found: names((await search(db, q, NO_ENTITLEMENTS)).spots.items) }).toEqual({ q, found: ["Park Güell"] });
    }
    expect(names((await search(db, "cafe opera", NO_ENTITLEMENTS)).spots.items)).toEqual(["Café de l'Òpera"]);
    expect(names((await search(db, "creme brulee", NO_ENTITLEMENTS)).spots.items)).toEqual(["Café de l'Òpera"]);
    expect(names((await search(db, "gaudi", NO_ENTITLEMENTS)).maps.items)).toEqual(["Gaudí in Barcelona"]);
    expect(names((await search(db, "lucia ferrer", NO_ENTITLEMENTS)).creators.items)).toEqual(["lucia_ferrer"]);
    // A typo without its accent, corrected through the lexicon (which keeps words without accents).
    expect(names((await search(db, "guel", NO_ENTITLEMENTS)).spots.items)).toContain("Park Güell");
    expect((await search(db, "malaga", NO_ENTITLEMENTS)).destinations.items.map((d) => d.name)).toEqual(["Málaga"]);
    expect((await search(db, "Mála", NO_ENTITLEMENTS)).destinations.items.map((d) => d.name)).toEqual(["Málaga"]);
    expect((await search(db, "malagga", NO_ENTITLEMENTS)).destinations.items.map((d) => d.name)).toContain("Málaga");
  });

  it("finds a supporters-only spot by its exact name for anyone, locked, and never by its gated text", async () => {
    const { lucia } = await world();
    await createMap(
      db,
      { title: "Secret Barcelona" },
      {
        ownerId: lucia.id,
        spots: 1,
        spotOverrides: () => ({
          name: "El Xampanyet Reservat",
          visibility: "supporters" as const,
          summary: "Cava in porrons",
          description: "Ask for the anchoas of Cantabria",
          address: "Carrer de Montcada 22",
        }),
      },
    );
    const anonymous = await search(db, "El Xampanyet Reservat", NO_ENTITLEMENTS);
    expect(anonymous.spots).toEqual({ items: [expect.objectContaining({ name: "El Xampanyet Reservat", locked: true, visibility: "supporters" })], count: 1 });
    expect(JSON.stringify(anonymous)).not.toMatch(/porrons|anchoas|Montcada/);
    expect(names((await search(db, "xampanyet", NO_ENTITLEMENTS)).spots.items)).toEqual(["El Xampanyet Reservat"]);
    // Words only in its gated text find nothing, typed whole, halfway or misspelt.
    for (const q of ["anchoas", "Cantabria", "porrons", "Montcada", "anchoa", "porons", "montcad"]) {
      expect({ q, spots: (await search(db, q, NO_ENTITLEMENTS)).spots }).toEqual({ q, spots: { items: [], count: 0 } });
    }
    // Its supporters find it by its text too, in full.
    const supporter: Entitlements = { userId: "u", isAdmin: false, hasActiveSubscription: true, supportedCreatorIds: [lucia.id] };
    expect((await search(db, "porrons", supporter)).spots.items).toEqual([expect.objectContaining({ name: "El Xampanyet Reservat", locked: false })]);
  });

  it("takes a word it finds as typed: near words are asked for only when the whole search finds little (ADR 0055)", async () => {
    const { db, lucia } = await world();
    await createMap(
      db,
      { title: "Gelato walk" },
      { ownerId: lucia.id, spots: 3, spotOverrides: (p) => ({ name: ["Gelato Uno", "Gelato Due", "Gelato Tre"][p] }) },
    );
    await createMap(db, { title: "Gelati crawl" }, { ownerId: lucia.id, spots: 1, spotOverrides: () => ({ name: "Lungomare bench" }) });
    // "gelatos" is found as typed (stemmed, "gelato"): three spots and a map. "gelati" is near it
    // in the lexicon, but the search found what was meant, so no group asks for near words.
    const found = await search(db, "gelatos", NO_ENTITLEMENTS);
    expect(names(found.spots.items).sort()).toEqual(["Gelato Due", "Gelato Tre", "Gelato Uno"]);
    expect(names(found.maps.items)).toEqual(["Gelato walk"]);
    // Nothing has "gelatoo" (a typo): every group asks for its near words, "gelato" and "gelati".
    const typo = await search(db, "gelatoo", NO_ENTITLEMENTS);
    expect(names(typo.spots.items).sort()).toEqual(["Gelato Due", "Gelato Tre", "Gelato Uno"]);
    expect(names(typo.maps.items).sort()).toEqual(["Gelati crawl", "Gelato walk"]);
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

  it("reads destinations from the prefix index under the generic plan a kept statement runs (ADR 0052)", async () => {
    await createCity(db, { name: "Barcelona", country: "ES", population: 1_600_000 });
    // The statement as PostgreSQL keeps it: prepared once, planned without the typed text.
    const { sql: text, params } = new PgDialect({ casing: "snake_case" }).sqlToQuery(DESTINATIONS);
    const values = fillPlaceholders(params, { text: "barc" })
      .map((p) => `'${String(p).replace(/'/g, "''")}'`)
      .join(", ");
    let plan = "";
    let rows: unknown[] = [];
    await db
      .transaction(async (tx) => {
        // With sequential scans priced out, a condition the index cannot take shows as one anyway.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(sql.raw(`prepare destinations_generic as ${text}`));
        plan = (await tx.execute<{ "QUERY PLAN": string }>(sql.raw(`explain (costs off) execute destinations_generic(${values})`))).rows
          .map((r) => r["QUERY PLAN"])
          .join("\n");
        rows = (await tx.execute(sql.raw(`execute destinations_generic(${values})`))).rows;
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(rows).toEqual([expect.objectContaining({ name: "Barcelona", country: "ES" })]);
    expect(plan).toContain("cities_name_prefix_idx");
    expect(plan).not.toMatch(/Seq Scan on cities/);
  });
});

describe("search's listed spots (kept by triggers, read through a partial index)", () => {
  const spotNames = async (q: string, viewer: Entitlements = NO_ENTITLEMENTS) => names((await search(db, q, viewer)).spots.items).sort();

  it("follows publishing at once: a map or creator unpublished, a spot made a draft or gated, and back", async () => {
    const { db, lucia } = await world();
    const [map] = await db.select().from(maps).where(eq(maps.title, "Barcelona vermouth bars"));
    expect(await spotNames("vermouth")).toEqual(["Bodega Quimet"]);

    const mapTitles = async () => names((await search(db, "vermouth", NO_ENTITLEMENTS)).maps.items);
    await db.update(maps).set({ isPublished: false }).where(eq(maps.id, map.id));
    expect(await spotNames("vermouth")).toEqual([]);
    expect(await mapTitles()).toEqual([]);
    await db.update(maps).set({ isPublished: true }).where(eq(maps.id, map.id));
    expect(await spotNames("vermouth")).toEqual(["Bodega Quimet"]);

    await db.update(profiles).set({ isPublished: false }).where(eq(profiles.id, lucia.id));
    expect(await spotNames("vermouth")).toEqual([]);
    expect(await mapTitles()).toEqual([]);
    await db.update(profiles).set({ isPublished: true }).where(eq(profiles.id, lucia.id));
    expect(await spotNames("vermouth")).toEqual(["Bodega Quimet"]);
    expect(await mapTitles()).toEqual(["Barcelona vermouth bars"]);

    await db.update(spots).set({ visibility: "premium" }).where(eq(spots.name, "Bodega Quimet"));
    expect(await spotNames("vermouth")).toEqual([]);
    const subscriber: Entitlements = { userId: "u", isAdmin: false, hasActiveSubscription: true, supportedCreatorIds: [] };
    expect(await spotNames("vermouth", subscriber)).toEqual(["Bar Secreto", "Bodega Quimet"]);
    await db.update(spots).set({ visibility: "public" }).where(eq(spots.name, "Bodega Quimet"));

    await db.update(spots).set({ isPublished: false }).where(eq(spots.name, "Bodega Quimet"));
    expect(await spotNames("vermouth")).toEqual([]);
    await db.update(spots).set({ isPublished: true }).where(eq(spots.name, "Draft Vermouth Bar"));
    expect(await spotNames("vermouth")).toEqual(["Draft Vermouth Bar"]);
  });

  it("marks listed exactly the published maps of published creators and their published spots, also for spots added or moved later", async () => {
    const { db, lucia } = await world();
    const { map: draftMap } = await createMap(db, { title: "Draft map", isPublished: false }, { ownerId: lucia.id, spots: 1 });
    const [published] = await db.select().from(maps).where(eq(maps.title, "Barcelona vermouth bars"));
    const [moved] = await db.select().from(spots).where(eq(spots.mapId, draftMap.id));
    await db.update(spots).set({ mapId: published.id, slug: "moved-spot", isPublished: true }).where(eq(spots.id, moved.id));

    const expected = await db
      .select({ id: spots.id, listed: sql<boolean>`${spots.isPublished} and ${maps.isPublished} and ${profiles.isPublished}` })
      .from(spots)
      .innerJoin(maps, eq(maps.id, spots.mapId))
      .innerJoin(profiles, eq(profiles.id, maps.ownerId));
    const actual = await db.select({ id: spots.id, listed: spots.listed }).from(spots);
    const byId = (rows: { id: string; listed: boolean }[]) => Object.fromEntries(rows.map((r) => [r.id, r.listed]));
    expect(byId(actual)).toEqual(byId(expected));
    expect(byId(actual)[moved.id]).toBe(true);

    const expectedMaps = await db
      .select({ id: maps.id, listed: sql<boolean>`${maps.isPublished} and ${profiles.isPublished}` })
      .from(maps)
      .innerJoin(profiles, eq(profiles.id, maps.ownerId));
    expect(byId(await db.select({ id: maps.id, listed: maps.listed }).from(maps))).toEqual(byId(expectedMaps));
  });

  it("finds, for every kind of viewer, exactly the spots the gate lets them open, and by name the ones it shows them locked", async () => {
    const { db, lucia } = await world();
    await createMap(
      db,
      { title: "Members' bars" },
      { ownerId: lucia.id, spots: 1, spotOverrides: () => ({ name: "Vermouth Reserva", visibility: "premium" as const }) },
    );
    const { profile: other } = await createCreator(db, { handle: "other_creator", isPublished: false });
    await createMap(
      db,
      { title: "Other vermouth" },
      { ownerId: other.id, spots: 2, spotOverrides: (p) => ({ name: `Other vermouth ${p}`, visibility: p ? "premium" : "public" }) },
    );
    const member: Entitlements = { userId: "member", isAdmin: false, hasActiveSubscription: false, supportedCreatorIds: [] };
    const viewers: Entitlements[] = [
      NO_ENTITLEMENTS,
      member,
      { ...member, hasActiveSubscription: true },
      { ...member, supportedCreatorIds: [lucia.id] },
      { ...member, userId: lucia.id },
      { ...member, userId: other.id },
      { ...member, isAdmin: true },
    ];
    // Twice, the second time backwards: each viewer's search then runs the statement kept for its
    // shape after other viewers' ran theirs (ADR 0064), and must still find what its gate allows.
    for (const viewer of [...viewers, ...viewers.toReversed()]) {
      const vs = visibleSpots(db, viewer);
      const reference = await db
        .select({ name: vs.name })
        .from(vs)
        .where(and(eq(vs.access, "full"), sql`${vs.fts} @@ websearch_to_tsquery('spotfolio_english', 'vermouth')`));
      const lockedByName = await db
        .select({ name: vs.name })
        .from(vs)
        .where(and(eq(vs.access, "locked"), sql`to_tsvector('spotfolio_english', ${vs.name}) @@ websearch_to_tsquery('spotfolio_english', 'vermouth')`));
      const found = await search(db, "vermouth", viewer);
      const shown = (locked: boolean) => names(found.spots.items.filter((i) => i.locked === locked)).sort();
      expect(shown(false), JSON.stringify(viewer)).toEqual(reference.map((r) => r.name).sort());
      expect(shown(true), JSON.stringify(viewer)).toEqual(lockedByName.map((r) => r.name).sort());
      expect(found.spots.count).toBe(reference.length + lockedByName.length);
    }
    // The owner of an unpublished profile opens their own spots; nobody else finds them.
    const own = await search(db, "vermouth", { ...member, userId: other.id });
    expect(names(own.spots.items)).toEqual(expect.arrayContaining(["Other vermouth 0", "Other vermouth 1"]));
    expect(
      await db
        .select({ id: spots.id })
        .from(spots)
        .where(and(inArray(spots.name, ["Other vermouth 0"]), eq(spots.listed, true))),
    ).toEqual([]);
  });

  it("reads every shard of the listed public index: hits in each id range are found, ranked together and counted up to the cap", async () => {
    const { db, lucia } = await world();
    const digits = "0123456789abcdef".split("");
    // One spot in each sixteenth of the id space (two per shard); the best match is in the last shard.
    await createMap(
      db,
      { title: "Shards" },
      {
        ownerId: lucia.id,
        spots: digits.length,
        spotOverrides: (p) => ({
          id: `${digits[p]}${"0".repeat(7)}-0000-4000-8000-${String(p).padStart(12, "0")}`,
          name: p === digits.length - 1 ? "Vermouth Vermouth Vermouth" : `Shard ${digits[p]} vermouth`,
        }),
      },
    );
    const found = await search(db, "vermouth", NO_ENTITLEMENTS);
    expect(found.spots.count).toBe(digits.length + 1);
    expect(found.spots.items[0].name).toBe("Vermouth Vermouth Vermouth");
    expect(names(found.spots.items).sort()).toEqual(
      ["Bodega Quimet", "Vermouth Vermouth Vermouth", ...digits.slice(0, -1).map((d) => `Shard ${d} vermouth`)].sort(),
    );

    // Past the cap the count says so, however the hits spread over the shards.
    await createMap(db, { title: "Many" }, { ownerId: lucia.id, spots: SEARCH_COUNT_CAP, spotOverrides: (p) => ({ name: `Many vermouth ${p}` }) });
    const many = await search(db, "vermouth", NO_ENTITLEMENTS);
    expect(many.spots.count).toBe(SEARCH_COUNT_CAP);
    expect(many.spots.items).toHaveLength(20);
  });

  it.each([
    ["listed public", "spots_listed_public_fts", "public", SPOT_SEARCH_SHARDS],
    ["listed Premium", "spots_listed_premium_fts", "premium", PREMIUM_SEARCH_SHARDS],
  ] as const)(
    "has one partial index per shard of the %s spots, on the bounds the code searches by (changing them needs a migration)",
    async (_, prefix, visibility, shards) => {
      const indexes = (await db.execute(
        sql`select c.relname as name, pg_get_expr(i.indpred, i.indrelid) as predicate from pg_index i join pg_class c on c.oid = i.indexrelid
          where i.indrelid = 'spots'::regclass and c.relname like ${`${prefix}%`} order by c.relname`,
      )) as unknown as { rows?: { name: string; predicate: string }[] } & { name: string; predicate: string }[];
      const found = indexes.rows ?? indexes;
      expect(found.map((r) => r.name)).toEqual(shards.map((_, i) => `${prefix}_s${i}_idx`));
      shards.forEach((shard, i) => {
        const { predicate } = found[i];
        expect(predicate).toContain(`visibility = '${visibility}'::text`);
        if (shard.from) expect(predicate).toContain(`(id >= '${shard.from}'::uuid)`);
        if (shard.to) expect(predicate).toContain(`(id < '${shard.to}'::uuid)`);
        expect(predicate.match(/::uuid/g)).toHaveLength([shard.from, shard.to].filter(Boolean).length);
      });
    },
  );
});

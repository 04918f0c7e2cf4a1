/**
 * The search lexicon (`search_words`, migrations 0006-0007): filled by
 * triggers from spot names, map titles and creator names, and backfilled from
 * the rows a database already holds when the migration runs.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase, migrateDatabase, migrationsFolder, type Database } from "~/lib/db.server";
import { setupTestDatabase } from "../tests/setup/database";
import { maps, profiles, spots } from "./schema";
import { createCreator, createMap, createProfile } from "./seed/factories";

const db = await setupTestDatabase();

async function lexicon(db: Database): Promise<string[]> {
  const { rows } = await db.execute<{ word: string }>(sql`select word from search_words order by word`);
  return rows.map((r) => r.word);
}

describe("search lexicon triggers", () => {
  it("collects the words of spot names, map titles and creator names, not of descriptions or members", async () => {
    const { profile } = await createCreator(db, { handle: "lucia_ferrer", displayName: "Lucía Ferrer" });
    await createProfile(db, { handle: "quiet_member", displayName: "Private Person" });
    await createMap(
      db,
      { title: "Vermouth in Barcelona" },
      {
        ownerId: profile.id,
        spots: 1,
        spotOverrides: () => ({ name: "Café-Bar Quimet", description: "Secret backroom", address: "Carrer Hidden 5" }),
      },
    );
    const words = await lexicon(db);
    expect(words).toEqual(expect.arrayContaining(["lucia", "ferrer", "vermouth", "barcelona", "cafe", "bar", "quimet"]));
    for (const absent of ["quiet_member", "quiet", "private", "person", "secret", "backroom", "hidden"]) expect(words).not.toContain(absent);
  });

  it("follows renames and members who become creators", async () => {
    const { profile: member } = await createProfile(db, { handle: "nina_novak", displayName: "Nina Novak" });
    const { map } = await createMap(db, { title: "Old title" }, { spots: 1, spotOverrides: () => ({ name: "Old name" }) });
    await db.update(spots).set({ name: "Bodega Paixano" }).where(eq(spots.mapId, map.id));
    await db.update(maps).set({ title: "Lisbon tascas" }).where(eq(maps.id, map.id));
    await db.update(profiles).set({ isCreator: true }).where(eq(profiles.id, member.id));
    expect(await lexicon(db)).toEqual(expect.arrayContaining(["bodega", "paixano", "lisbon", "tascas", "nina", "novak"]));
  });
});

describe("search lexicon migration", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "spotfolio-lexicon-migration-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("backfills the lexicon of a database that already holds spots, maps and creators", async () => {
    // The migrations as they were before the lexicon: the journal cut before 0006.
    const before = path.join(dir, "before");
    cpSync(migrationsFolder(), before, { recursive: true });
    const journalPath = path.join(before, "meta/_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
    const cut = journal.entries.findIndex((e) => e.tag === "0006_search_lexicon");
    expect(cut).toBeGreaterThan(0);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));

    // A fresh in-memory PGlite of its own, whatever the test driver: it must start before the lexicon.
    const handle = await createDatabase();
    try {
      await migrateDatabase(handle.db, { migrationsFolder: before });
      // Raw SQL, not the factories: they write today's columns, which this older schema does not have yet.
      await handle.db.execute(sql`insert into "user" (id, name, email) values ('u-marta', 'Marta García', 'marta@example.com')`);
      await handle.db.execute(sql`insert into profiles (id, handle, display_name, is_creator) values ('u-marta', 'marta_garcia', 'Marta García', true)`);
      await handle.db.execute(
        sql`insert into maps (id, owner_id, title, current_slug) values ('6f1c2a52-0000-4000-8000-000000000001', 'u-marta', 'Copenhagen bakeries', 'copenhagen-bakeries')`,
      );
      await handle.db.execute(
        sql`insert into spots (map_id, slug, name, lat, lng) values ('6f1c2a52-0000-4000-8000-000000000001', 'hart-bageri', 'Hart Bageri', 55.68, 12.53)`,
      );
      await migrateDatabase(handle.db);
      expect(await lexicon(handle.db)).toEqual(expect.arrayContaining(["marta", "garcia", "copenhagen", "bakeries", "hart", "bageri"]));
    } finally {
      await handle.close();
    }
  });
});

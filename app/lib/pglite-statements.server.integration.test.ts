/**
 * PGlite's statements kept prepared (pglite-statements.server.ts, ADR 0062), on a real embedded
 * database: what the session holds (pg_prepared_statements), that rows, errors and transactions
 * are what PGlite's own query() gives, and that a change of schema or the cap does not break a
 * statement.
 */
import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { categories, user } from "#db/schema";
import { testDriver } from "../../tests/setup/database";
import { ensurePgliteTemplate } from "../../tests/setup/template";
import { createDatabase, PGLITE_EXTENSIONS, type Database, type DatabaseHandle } from "./db.server";
import { KEPT_TEXT_MAX, keptStatementsClient } from "./pglite-statements.server";

let pglite: PGlite;
let handle: DatabaseHandle;
let db: Database;

/** The statements the embedded session holds prepared, by their text. */
async function preparedTexts(): Promise<string[]> {
  const { rows } = await pglite.query<{ statement: string }>("select statement from pg_prepared_statements order by prepare_time");
  return rows.map((r) => r.statement);
}

beforeEach(async () => {
  // A migrated database of its own for each test (the template's copy): the session's prepared statements are what is looked at.
  const tar = gunzipSync(await readFile(await ensurePgliteTemplate()));
  pglite = await PGlite.create({ loadDataDir: new Blob([tar], { type: "application/x-tar" }), extensions: PGLITE_EXTENSIONS });
  handle = await createDatabase({ pglite });
  db = handle.db;
});
afterEach(async () => {
  await handle.close();
});

// PGlite only: the run on PostgreSQL (TEST_DATABASE_URL) would test the same embedded database again.
describe.skipIf(testDriver() === "postgres")("statements kept prepared on PGlite", () => {
  it("prepares a read once, runs it again with other values, and gives the rows PGlite's own query gives", async () => {
    await db.insert(categories).values([
      { slug: "food", name: "Food" },
      { slug: "bars", name: "Bars" },
    ]);
    const bySlug = (slug: string) => db.select({ name: categories.name, slug: categories.slug }).from(categories).where(eq(categories.slug, slug));
    expect(await bySlug("food")).toEqual([{ name: "Food", slug: "food" }]);
    expect(await bySlug("bars")).toEqual([{ name: "Bars", slug: "bars" }]);
    expect(await bySlug("none")).toEqual([]);
    // One statement for the three runs, parsed once.
    const texts = (await preparedTexts()).filter((t) => t.includes(`from "categories"`) && t.includes(`"slug" = $1`));
    expect(texts).toHaveLength(1);

    // Types as PGlite reads them (Drizzle's own parsers for times over PGlite's for the rest).
    const probe = sql`select ${"x"}::text as t, 42::int as i, 9007199254740993::bigint as b, 1.5::numeric as n, true as yes,
      '{"a":[1,2]}'::json as j, array['p','q'] as arr, null::text as nothing, timestamptz '2026-11-30 23:59:30+00' as at`;
    const kept = (await db.execute(probe)).rows;
    const plain = await pglite.query<Record<string, unknown>>(
      `select $1::text as t, 42::int as i, 9007199254740993::bigint as b, 1.5::numeric as n, true as yes,
      '{"a":[1,2]}'::json as j, array['p','q'] as arr, null::text as nothing, timestamptz '2026-11-30 23:59:30+00' as at`,
      ["x"],
    );
    expect(kept).toEqual([{ ...plain.rows[0], at: "2026-11-30 23:59:30+00" }]);
  });

  it("leaves DDL, SET and transaction control to PGlite's own query: they are never kept", async () => {
    await db.execute(sql`create table kept_probe (id int primary key)`);
    await db.execute(sql`set application_name = 'kept-probe'`);
    await db.execute(sql`insert into kept_probe values (1)`);
    const texts = await preparedTexts();
    expect(texts.some((t) => t.startsWith("create table"))).toBe(false);
    expect(texts.some((t) => t.startsWith("set "))).toBe(false);
    expect(texts).toContain("insert into kept_probe values (1)");
  });

  it("runs a statement longer than the kept length (a bulk insert's) without keeping it", async () => {
    const long = `select length('${"x".repeat(KEPT_TEXT_MAX)}') as n`;
    expect((await db.execute(sql.raw(long))).rows).toEqual([{ n: KEPT_TEXT_MAX }]);
    expect((await preparedTexts()).some((t) => t.length > KEPT_TEXT_MAX)).toBe(false);
  });

  it("reports a failed statement with its code and text, and the session goes on", async () => {
    const insertUser = (id: string) => db.insert(user).values({ id, name: "Ana", email: "ana@example.com" });
    await insertUser("u1");
    const error = await insertUser("u2").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const cause = (error as Error & { cause?: { code?: string; query?: string } }).cause;
    expect(cause?.code).toBe("23505");
    expect(cause?.query).toContain(`insert into "user"`);
    // The same kept statement runs again, and other statements too.
    await db.insert(user).values({ id: "u3", name: "Bo", email: "bo@example.com" });
    expect((await db.select({ id: user.id }).from(user).orderBy(user.id)).map((r) => r.id)).toEqual(["u1", "u3"]);
  });

  it("runs kept statements inside a transaction, which a statement from outside waits for and a rollback undoes", async () => {
    let outside: Promise<unknown> | undefined;
    let seenInside: string[] = [];
    await db
      .transaction(async (tx) => {
        await tx.insert(categories).values({ slug: "inside", name: "Inside" });
        // Started while the transaction is open: it must neither join it nor see its rows before it ends.
        outside = db.select({ slug: categories.slug }).from(categories).execute();
        seenInside = (await tx.select({ slug: categories.slug }).from(categories)).map((r) => r.slug);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(seenInside).toEqual(["inside"]);
    expect(await outside).toEqual([]);
    expect(await db.select({ slug: categories.slug }).from(categories)).toEqual([]);

    await db.transaction(async (tx) => {
      await tx.insert(categories).values({ slug: "kept", name: "Kept" });
    });
    expect(await db.select({ slug: categories.slug }).from(categories)).toEqual([{ slug: "kept" }]);
  });

  it("prepares a statement again when the schema changed what it reads", async () => {
    await db.execute(sql`create table kept_probe (id int primary key)`);
    await db.execute(sql`insert into kept_probe values (1)`);
    const all = () => db.execute(sql`select * from kept_probe`);
    expect((await all()).rows).toEqual([{ id: 1 }]);
    await db.execute(sql`alter table kept_probe add column label text default 'one'`);
    expect((await all()).rows).toEqual([{ id: 1, label: "one" }]);
  });

  it("keeps at most its cap of statements, the least recently used closed first, and still runs a closed one", async () => {
    const client = keptStatementsClient(pglite, 3);
    for (const n of [1, 2, 3]) await client.query(`select ${n} as n`);
    await client.query("select 1 as n"); // used again: now the most recent
    await client.query("select 4 as n"); // closes "select 2"
    const texts = (await preparedTexts()).filter((t) => /^select \d as n$/.test(t));
    expect(texts.sort()).toEqual(["select 1 as n", "select 3 as n", "select 4 as n"]);
    expect((await client.query<{ n: number }>("select 2 as n")).rows).toEqual([{ n: 2 }]);
  });

  it("shares the session's statements between two databases opened on one PGlite", async () => {
    const second = await createDatabase({ pglite });
    await db.insert(categories).values({ slug: "food", name: "Food" });
    const read = (on: Database) => on.select({ slug: categories.slug }).from(categories);
    expect(await read(db)).toEqual([{ slug: "food" }]);
    expect(await read(second.db)).toEqual([{ slug: "food" }]);
  });
});

/**
 * `npm run money -- close` as an operator runs it: under faketime at the turn of the year (a month
 * closes only once it is over in Madrid, and a payment at 23:30 UTC on 31 December is January's),
 * and, on PostgreSQL, killed with SIGKILL in the middle of a close: nothing is left, and the next
 * run posts everything once.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMigratedPgliteOnDisk, getTestDatabaseUrl, setupTestDatabase, testDriver } from "../../../tests/setup/database";
import { pay } from "../../../tests/money/world";
import { createDatabase, databaseOptionsFromEnv, type Database } from "~/lib/db.server";
import { createCreator, createProfile } from "#db/seed/factories";
import { ledgerTotal, owedTo } from "./ledger.server";

const db = await setupTestDatabase();

const hasFaketime = spawnSync("faketime", ["--version"]).status === 0;
const CLI = ["--import", "tsx", "scripts/money.ts"];

/** One supporter of a new creator paying EUR 10.00 (EUR 5.50 to the creator) for a period starting `at`. */
async function supporterPayment(target: Database, at: Date, creatorId?: string) {
  const creator = creatorId ?? (await createCreator(target)).profile.id;
  const { user: member } = await createProfile(target);
  await pay(target, { userId: member.id, tier: "supporter", creatorId: creator, grossCents: 10_00, periodStart: at });
  return creator;
}

describe("npm run money -- close (the real CLI)", () => {
  it.skipIf(!hasFaketime)(
    "under faketime: December closes only once it is over in Madrid, and a payment at 23:30 UTC on 31 December is January's",
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "spotfolio-money-cli-"));
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "error" };
      const at = (time: string, ...args: string[]) => spawnSync("faketime", ["-f", `@${time}`, process.execPath, ...CLI, ...args], { encoding: "utf8", env });
      try {
        const handle = await createMigratedPgliteOnDisk(databaseOptionsFromEnv({ DATA_DIR: dataDir }).dataDir!);
        const creator = await supporterPayment(handle.db, new Date("2026-12-15T10:00:00Z"));
        await supporterPayment(handle.db, new Date("2026-12-31T23:30:00Z"), creator);
        await handle.close();

        // 22:30 UTC on 31 December is 23:30 in Madrid: December is not over.
        let run = at("2026-12-31 22:30:00", "close", "2026-12");
        expect(run.stderr).toContain("December 2026 is not over yet (Central European Time).");
        expect(run.status).toBe(1);
        // 23:00:30 UTC is past midnight in Madrid.
        run = at("2026-12-31 23:00:30", "close", "2026-12");
        expect(run.status).toBe(0);
        expect(run.stdout).toContain("Closed 2026-12");
        expect(run.stdout).toContain("portions earned: 1");
        run = at("2027-01-31 23:30:00", "close", "2027-01");
        expect(run.status).toBe(0);
        expect(run.stdout).toContain("portions earned: 1");

        // Reopened as it is (the CLI migrated it already).
        const reopened = await createDatabase({ dataDir: databaseOptionsFromEnv({ DATA_DIR: dataDir }).dataDir! });
        expect(await owedTo(reopened.db, creator)).toBe(11_00);
        expect(await ledgerTotal(reopened.db)).toBe(0);
        await reopened.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    240_000,
  );

  it.skipIf(testDriver() !== "postgres")(
    "killed with SIGKILL in the middle of a close (PostgreSQL): nothing is left, and run again it posts everything once",
    async () => {
      const url = (await getTestDatabaseUrl())!;
      const creator = await supporterPayment(db, new Date("2026-10-15T10:00:00Z"));
      const before = await db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_transactions`);
      // The close's last statement waits a few seconds: the CLI is killed while it does, every posting written but not committed.
      await db.execute(sql`create function money_test_sleep() returns trigger language plpgsql as $$ begin perform pg_sleep(3); return new; end $$`);
      await db.execute(sql`create trigger money_test_sleep before insert on money_closes for each row execute function money_test_sleep()`);
      // DATABASE_URL wins over DATA_DIR; the temporary data directory is never opened.
      const unusedDataDir = mkdtempSync(path.join(tmpdir(), "spotfolio-close-"));
      const env = { ...process.env, DATABASE_URL: url, DATA_DIR: unusedDataDir, LOG_LEVEL: "error" };
      try {
        const child = spawn(process.execPath, [...CLI, "close", "2026-10"], { env, stdio: "ignore" });
        const sleeping = async () =>
          (await db.execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event = 'PgSleep'`))
            .rows[0].n;
        await expect.poll(sleeping, { timeout: 60_000, interval: 100 }).toBe(1);
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGKILL");
        await exited;
        // Its backend finishes the sleep, finds no client and rolls back.
        const cliBackends = async () =>
          (
            await db.execute<{ n: number }>(
              sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'spotfolio' and pid <> pg_backend_pid() and state <> 'idle'`,
            )
          ).rows[0].n;
        await expect.poll(cliBackends, { timeout: 30_000, interval: 200 }).toBe(0);
      } finally {
        await db.execute(sql`drop trigger money_test_sleep on money_closes`);
        await db.execute(sql`drop function money_test_sleep()`);
        rmSync(unusedDataDir, { recursive: true, force: true });
      }
      expect((await db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_transactions`)).rows).toEqual(before.rows);
      expect((await db.execute<{ n: number }>(sql`select count(*)::int as n from money_closes`)).rows[0].n).toBe(0);
      expect((await db.execute<{ n: number }>(sql`select count(*)::int as n from earned_portions`)).rows[0].n).toBe(0);
      expect(await owedTo(db, creator)).toBe(0);

      const run = spawnSync(process.execPath, [...CLI, "close", "2026-10"], { encoding: "utf8", env });
      expect(run.stdout).toContain("Closed 2026-10");
      expect(run.status).toBe(0);
      expect(await owedTo(db, creator)).toBe(5_50);
      expect((await db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_transactions where kind = 'earning'`)).rows[0].n).toBe(1);
      expect(await ledgerTotal(db)).toBe(0);
    },
    180_000,
  );
});

/**
 * `npm run money -- close` as an operator runs it: under faketime at the turn of the year (a month
 * closes only once it is over in Madrid, and a payment at 23:30 UTC on 31 December is January's),
 * and, on PostgreSQL, killed with SIGKILL in the middle of a close: nothing is left, and the next
 * run posts everything once. `npm run money -- payouts` under faketime at the same turn of the
 * year pays a VAT-registered Spanish creator their share + 21% VAT − IRPF; on PostgreSQL, killed
 * with SIGKILL in the middle of the run, it leaves nothing (the invoice unpaid), and run again it
 * pays the VAT once.
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
import { stubTestEnv } from "../../../tests/setup/env";
import { createCreator, createProfile } from "#db/seed/factories";
import { balance, ledgerTotal, owedTo } from "./ledger.server";
import { requestPayoutDetails } from "./payout-details.server";
import { saveTaxSettings } from "./tax-settings.server";
import { parsePayoutDetails, parseTaxSettings } from "./validation";
import { spanishTaxForm } from "../../../tests/money/tax-forms";

const db = await setupTestDatabase();

const hasFaketime = spawnSync("faketime", ["--version"]).status === 0;
// The faketime runs use an embedded database of their own (a DATA_DIR), whichever database the
// suite runs on: they run once, in the PGlite run, rather than the same again in the PostgreSQL run.
const embeddedUnderFaketime = hasFaketime && testDriver() === "pglite";
const CLI = ["--import", "tsx", "scripts/money.ts"];

/** One supporter of a new creator paying EUR 10.00 (EUR 5.50 to the creator) for a period starting `at`. */
async function supporterPayment(target: Database, at: Date, creatorId?: string) {
  const creator = creatorId ?? (await createCreator(target)).profile.id;
  const { user: member } = await createProfile(target);
  await pay(target, { userId: member.id, tier: "supporter", creatorId: creator, grossCents: 10_00, periodStart: at });
  return creator;
}

const SECRET = "a-test-secret-that-is-long-enough-for-better-auth";

/** A creator resident in Spain, VAT-registered, self-billed, IRPF 15%, with a bank account (on file from `at`). */
async function vatRegisteredSpanishCreator(target: Database, at: Date) {
  stubTestEnv({ BETTER_AUTH_SECRET: SECRET, VIES_URL: "off", EMAIL_RATE_PER_SECOND: "0" });
  const { profile } = await createCreator(target);
  const legalName = "Lucia Fernandez Ruiz";
  const input = parseTaxSettings(spanishTaxForm({ legalName, vatRegistered: "on", vatNumber: "ES12345678Z", selfBilling: "on" }));
  if (!input.ok) throw new Error(JSON.stringify(input.errors));
  expect(await saveTaxSettings(target, profile.id, input.data, { now: at })).toMatchObject({ ok: true });
  const bank = parsePayoutDetails({ holderName: legalName, iban: "ES9121000418450200051332", bic: "" }, legalName);
  if (!bank.ok) throw new Error(JSON.stringify(bank.errors));
  expect(await requestPayoutDetails(target, profile.id, bank.data, { ip: "198.51.100.4", siteUrl: "https://spotfolio.test", now: at })).toMatchObject({
    applied: true,
  });
  return profile.id;
}

/** A EUR 100.00 Spanish supporter of `creatorId` (local provider): a EUR 56.62 share. */
async function hundredEuroSupporter(target: Database, creatorId: string, at: Date) {
  const { user: member } = await createProfile(target);
  await pay(target, { userId: member.id, tier: "supporter", creatorId, grossCents: 100_00, periodStart: at });
}

describe("npm run money -- close (the real CLI)", () => {
  it.runIf(embeddedUnderFaketime)(
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

  it.runIf(embeddedUnderFaketime)(
    "under faketime: December's payouts run once December is over in Madrid, adding the VAT of the creator's self-billed invoice",
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "spotfolio-money-cli-payouts-"));
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "error", BETTER_AUTH_SECRET: SECRET, EMAIL_RATE_PER_SECOND: "0" };
      const at = (time: string, ...args: string[]) => spawnSync("faketime", ["-f", `@${time}`, process.execPath, ...CLI, ...args], { encoding: "utf8", env });
      try {
        const handle = await createMigratedPgliteOnDisk(databaseOptionsFromEnv({ DATA_DIR: dataDir }).dataDir!);
        const creator = await vatRegisteredSpanishCreator(handle.db, new Date("2026-12-01T09:00:00Z"));
        await hundredEuroSupporter(handle.db, creator, new Date("2026-12-15T10:00:00Z"));
        await handle.close();

        // 22:30 UTC on 31 December is 23:30 in Madrid: December is not over, for the close nor the payouts.
        let run = at("2026-12-31 22:30:00", "payouts", "2026-12");
        expect(run.stderr).toContain("December 2026 is not over yet");
        expect(run.status).toBe(1);
        run = at("2026-12-31 23:00:30", "close", "2026-12");
        expect(run.status).toBe(0);
        run = at("2026-12-31 23:01:00", "payouts", "2026-12");
        expect(run.stderr).toBe("");
        expect(run.status).toBe(0);
        // 56.62 + 21% VAT 11.89 − 15% IRPF of 56.62 (8.49) = 60.02.
        expect(run.stdout).toMatch(/paid Lucia Fernandez Ruiz: €60\.02 \(€11\.89 VAT added, €8\.49 withheld\)/);
        expect(run.stdout).toContain("to execute on 2027-01-20");
        run = at("2027-01-02 09:00:00", "payouts", "2026-12");
        expect(run.stdout).toContain("was already paid");

        const reopened = await createDatabase({ dataDir: databaseOptionsFromEnv({ DATA_DIR: dataDir }).dataDir! });
        expect(await owedTo(reopened.db, creator)).toBe(0);
        expect(await balance(reopened.db, "vat_recoverable", "ES")).toBe(11_89);
        expect(await balance(reopened.db, "bank")).toBe(cashIn(100_00) - 60_02);
        expect(await ledgerTotal(reopened.db)).toBe(0);
        await reopened.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    240_000,
  );

  it.skipIf(testDriver() !== "postgres")(
    "killed with SIGKILL in the middle of a payout run (PostgreSQL): nothing is left, the invoice unpaid, and run again it pays the VAT once",
    async () => {
      const url = (await getTestDatabaseUrl())!;
      const creator = await vatRegisteredSpanishCreator(db, new Date("2026-10-01T09:00:00Z"));
      await hundredEuroSupporter(db, creator, new Date("2026-10-15T10:00:00Z"));
      const dataDir = mkdtempSync(path.join(tmpdir(), "spotfolio-payouts-kill-"));
      const env = { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: "error", BETTER_AUTH_SECRET: SECRET, EMAIL_RATE_PER_SECOND: "0" };
      expect(spawnSync(process.execPath, [...CLI, "close", "2026-10"], { encoding: "utf8", env }).status).toBe(0);
      const before = await db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_transactions`);
      // The run's audit entry (written after the payouts, the invoice marked and the ledger posted) waits a few seconds: the CLI is killed then.
      await db.execute(sql`create function money_test_sleep() returns trigger language plpgsql as $$ begin perform pg_sleep(3); return new; end $$`);
      await db.execute(sql`create trigger money_test_sleep before insert on admin_audit_log for each row execute function money_test_sleep()`);
      try {
        const child = spawn(process.execPath, [...CLI, "payouts", "2026-10"], { env, stdio: "ignore" });
        const sleeping = async () =>
          (await db.execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event = 'PgSleep'`))
            .rows[0].n;
        await expect.poll(sleeping, { timeout: 60_000, interval: 100 }).toBe(1);
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGKILL");
        await exited;
        const cliBackends = async () =>
          (
            await db.execute<{ n: number }>(
              sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'spotfolio' and pid <> pg_backend_pid() and state <> 'idle'`,
            )
          ).rows[0].n;
        await expect.poll(cliBackends, { timeout: 30_000, interval: 200 }).toBe(0);
      } finally {
        await db.execute(sql`drop trigger money_test_sleep on admin_audit_log`);
        await db.execute(sql`drop function money_test_sleep()`);
      }
      expect((await db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_transactions`)).rows).toEqual(before.rows);
      expect((await db.execute<{ n: number }>(sql`select count(*)::int as n from payouts`)).rows[0].n).toBe(0);
      expect((await db.execute<{ n: number }>(sql`select count(*)::int as n from self_billed_invoices where payout_id is null`)).rows[0].n).toBe(1);
      expect(await owedTo(db, creator)).toBe(56_62);

      try {
        const run = spawnSync(process.execPath, [...CLI, "payouts", "2026-10"], { encoding: "utf8", env });
        expect(run.stdout).toMatch(/€60\.02 \(€11\.89 VAT added, €8\.49 withheld\)/);
        expect(run.status).toBe(0);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
      expect((await db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_transactions where kind = 'payout'`)).rows[0].n).toBe(1);
      expect((await db.execute<{ n: number }>(sql`select count(*)::int as n from self_billed_invoices where payout_id is null`)).rows[0].n).toBe(0);
      expect(await balance(db, "vat_recoverable", "ES")).toBe(11_89);
      expect(await owedTo(db, creator)).toBe(0);
      expect(await ledgerTotal(db)).toBe(0);
    },
    180_000,
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

/** What a EUR `gross` Spanish payment through the local provider puts in the bank: gross less the fee (1.5% + 0.25). */
function cashIn(gross: number): number {
  return gross - (Math.round((gross * 15) / 1000) + 25);
}

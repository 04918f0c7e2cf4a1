/**
 * The year's tax reports through the whole server: a Spanish creator earns in two quarters (real
 * payments, real closes), is paid twice with IRPF withheld, and the admin's withholding-certificate
 * and DAC7 CSVs show what a tax filing needs, to the cent; only admins get them, and each download
 * is in the audit log.
 */
import { parse } from "csv-parse/sync";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pay } from "../../../tests/money/world";
import { appServerBuild } from "../../../tests/setup/app-build";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { edgeServer, sessionCookie } from "../../../tests/setup/edge-server";
import { stubTestEnv } from "../../../tests/setup/env";
import { createProfile } from "#db/seed/factories";
import { adminAuditLog } from "#db/schema/audit";
import { closeMonth, runPayouts } from "~/modules/money/index.server";
import { requestPayoutDetails } from "~/modules/money/payout-details.server";
import { saveTaxSettings } from "~/modules/money/tax-settings.server";
import { parsePayoutDetails, parseTaxSettings } from "~/modules/money/validation";
import { spanishTaxForm } from "../../../tests/money/tax-forms";

stubTestEnv({ EMAIL_RATE_PER_SECOND: "0", BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth", VIES_URL: "off" });
stubDataDir("admin-tax-reports");
const db = await setupTestDatabase();
const server = await edgeServer(db, { build: await appServerBuild({ documents: true }) });
const cli = { userId: null, ip: null };

let n = 0;
async function person(flags: { isAdmin?: boolean; isCreator?: boolean }) {
  const email = `tax-reports${++n}-${Date.now()}@example.com`;
  const { profile } = await createProfile(db, { ...flags, isOnboarded: true, handle: `tr${n}_${Date.now() % 100000}` }, { email });
  return { id: profile.id, handle: profile.handle!, cookie: await sessionCookie(db, email) };
}

const request = (path: string, cookie: string | null) => server.request(path, { headers: cookie ? { cookie } : {}, redirect: "manual" });
const rows = async (response: Response) => parse(await response.text(), { columns: true }) as Record<string, string>[];

async function closeThrough(last: string, now: Date) {
  for (const month of ["2026-01", "2026-02", "2026-03", "2026-04"]) {
    if (month > last) break;
    const closed = await closeMonth(db, month, { actor: cli, now });
    if (!closed.ok) throw new Error(closed.error);
  }
}

describe("/admin/money/tax-reports/:year/:file", () => {
  it("gives admins a year's withholding certificates and DAC7 data, to the cent", async () => {
    const admin = await person({ isAdmin: true });
    const creator = await person({ isCreator: true });
    const member = await person({});
    const tax = parseTaxSettings(spanishTaxForm());
    if (!tax.ok) throw new Error("tax");
    await saveTaxSettings(db, creator.id, tax.data, { now: new Date("2026-01-02T00:00:00Z") });
    const bank = parsePayoutDetails({ holderName: "Lucía Fernández Ruiz", iban: "ES9121000418450200051332", bic: "" }, "Lucía Fernández Ruiz");
    if (!bank.ok) throw new Error("bank");
    await requestPayoutDetails(db, creator.id, bank.data, { ip: "198.51.100.4", siteUrl: "https://spotfolio.test", now: new Date("2026-01-02T00:00:00Z") });

    // EUR 100.00 from Spain, twice: VAT 21% included (EUR 17.36), the local fee 1.5% + EUR 0.25 (EUR 1.75),
    // net EUR 80.89, the creator's 70%: EUR 56.62 each; IRPF 15% of it: EUR 8.49.
    await pay(db, { userId: member.id, tier: "supporter", creatorId: creator.id, grossCents: 100_00, periodStart: new Date("2026-01-15T10:00:00Z") });
    await closeThrough("2026-01", new Date("2026-02-03T09:00:00Z"));
    const first = await runPayouts(db, { month: "2026-01", now: new Date("2026-02-05T09:00:00Z"), actor: cli });
    expect(first.ok && first.paid).toMatchObject([{ amount: 56_62, withheld: 8_49, net: 48_13 }]);
    await pay(db, { userId: member.id, tier: "supporter", creatorId: creator.id, grossCents: 100_00, periodStart: new Date("2026-04-15T10:00:00Z") });
    await closeThrough("2026-04", new Date("2026-05-03T09:00:00Z"));
    const second = await runPayouts(db, { month: "2026-04", now: new Date("2026-05-05T09:00:00Z"), actor: cli });
    expect(second.ok && second.paid).toMatchObject([{ amount: 56_62, withheld: 8_49, net: 48_13 }]);

    const withholding = await request("/admin/money/tax-reports/2026/withholding.csv", admin.cookie);
    expect(withholding.status).toBe(200);
    expect(withholding.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(withholding.headers.get("content-disposition")).toBe('attachment; filename="spotfolio-withholding-2026.csv"');
    expect(await rows(withholding)).toEqual([
      {
        year: "2026",
        return: "190",
        "creator handle": creator.handle,
        "legal name": "Lucía Fernández Ruiz",
        "tax id": "12345678Z",
        "tax id kind": "nif",
        "country of tax residence": "ES",
        address: "Calle Mayor 1, 28013, Madrid, ES",
        withholding: "IRPF",
        "rate %": "15",
        payouts: "2",
        "base EUR": "113.24",
        "withheld EUR": "16.98",
        "VAT EUR": "0.00",
        "paid to bank EUR": "96.26",
      },
    ]);

    const dac7 = await request("/admin/money/tax-reports/2026/dac7.csv", admin.cookie);
    expect(dac7.status).toBe(200);
    const [row, ...others] = await rows(dac7);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      "creator handle": creator.handle,
      "entity type": "individual",
      "legal name": "Lucía Fernández Ruiz",
      "tax id": "12345678Z",
      "date of birth": "1990-05-17",
      "account holder": "Lucía Fernández Ruiz",
      // DAC7 asks for the whole account number: the one place it leaves its seal.
      IBAN: "ES9121000418450200051332",
      "Q1 consideration EUR": "56.62",
      // The platform's 30% of the net revenue.
      "Q1 fees EUR": "24.27",
      "Q1 tax withheld EUR": "8.49",
      "Q1 activities": "1",
      "Q2 consideration EUR": "56.62",
      "Q2 tax withheld EUR": "8.49",
      "Q3 consideration EUR": "0.00",
      "Q4 activities": "0",
      "year consideration EUR": "113.24",
      "year fees EUR": "48.54",
      "year tax withheld EUR": "16.98",
      "year activities": "2",
    });

    // A year with nothing: the header alone.
    const empty = await request("/admin/money/tax-reports/2025/dac7.csv", admin.cookie);
    expect(await rows(empty)).toEqual([]);

    const audit = await db
      .select({ targetId: adminAuditLog.targetId, adminId: adminAuditLog.adminId, after: adminAuditLog.after })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "money.tax_report_downloaded"), eq(adminAuditLog.adminId, admin.id)));
    expect(audit).toEqual(
      expect.arrayContaining([
        { targetId: "2026/withholding.csv", adminId: admin.id, after: { year: 2026, file: "withholding.csv", rows: 1 } },
        { targetId: "2026/dac7.csv", adminId: admin.id, after: { year: 2026, file: "dac7.csv", rows: 1 } },
      ]),
    );
  });

  it("is for admins only; unknown years and files are not found, and nothing is logged for them", async () => {
    const admin = await person({ isAdmin: true });
    const creator = await person({ isCreator: true });
    const before = (await db.select().from(adminAuditLog)).length;
    expect((await request("/admin/money/tax-reports/2026/dac7.csv", creator.cookie)).status).toBe(403);
    const anonymous = await request("/admin/money/tax-reports/2026/dac7.csv", null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/auth?step=login");
    for (const path of ["/admin/money/tax-reports/2023/dac7.csv", "/admin/money/tax-reports/20x6/dac7.csv", "/admin/money/tax-reports/2026/all.csv"])
      expect((await request(path, admin.cookie)).status).toBe(404);
    expect(await db.select().from(adminAuditLog)).toHaveLength(before);
  });
});

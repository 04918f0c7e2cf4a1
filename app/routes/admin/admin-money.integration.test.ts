/**
 * /admin/money and its SEPA download through the whole server: admins only (a creator gets 403,
 * a visitor logs in first), the run button pays the month once, and the file comes back as XML.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appServerBuild } from "../../../tests/setup/app-build";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { edgeServer, sessionCookie } from "../../../tests/setup/edge-server";
import { stubTestEnv } from "../../../tests/setup/env";
import { pay } from "../../../tests/money/world";
import { createProfile } from "#db/seed/factories";
import { payments } from "#db/schema";
import { adminAuditLog } from "#db/schema/audit";
import { closeOf, ledgerTotal, listPayoutRuns, monthLabel, monthToClose, owedTo, post, runPayouts } from "~/modules/money/index.server";
import { requestPayoutDetails } from "~/modules/money/payout-details.server";
import { saveTaxSettings } from "~/modules/money/tax-settings.server";
import { parsePayoutDetails, parseTaxSettings } from "~/modules/money/validation";
import { cents } from "~/modules/money";
import { spanishTaxForm } from "../../../tests/money/tax-forms";

stubTestEnv({ EMAIL_RATE_PER_SECOND: "0", BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth", VIES_URL: "off" });
stubDataDir("admin-money");
const db = await setupTestDatabase();
const server = await edgeServer(db, { build: await appServerBuild({ documents: true }) });

let n = 0;
async function person(flags: { isAdmin?: boolean; isCreator?: boolean }) {
  const email = `admin-money${++n}-${Date.now()}@example.com`;
  const { profile } = await createProfile(db, { ...flags, isOnboarded: true, handle: `am${n}_${Date.now() % 100000}` }, { email });
  return { id: profile.id, cookie: await sessionCookie(db, email) };
}

async function payable(creatorId: string) {
  const tax = parseTaxSettings(spanishTaxForm());
  if (!tax.ok) throw new Error("tax");
  await saveTaxSettings(db, creatorId, tax.data, { now: new Date("2026-01-02T00:00:00Z") });
  const bank = parsePayoutDetails({ holderName: "Lucía Fernández Ruiz", iban: "ES9121000418450200051332", bic: "" }, "Lucía Fernández Ruiz");
  if (!bank.ok) throw new Error("bank");
  await requestPayoutDetails(db, creatorId, bank.data, { ip: "198.51.100.4", siteUrl: "https://spotfolio.test", now: new Date("2026-01-02T00:00:00Z") });
  await post(db, {
    idempotencyKey: `test:${creatorId}`,
    kind: "adjustment",
    cause: { type: "test", id: creatorId },
    month: "2026-01",
    creatorId,
    description: "Earnings (test)",
    occurredAt: new Date("2026-01-30T10:00:00Z"),
    postings: [
      { account: "creator_payable", ref: creatorId, amount: cents(-100_00) },
      { account: "platform_revenue", amount: cents(100_00) },
    ],
  });
}

const request = (path: string, cookie: string | null, init: RequestInit = {}) =>
  server.request(path, { ...init, headers: { ...(cookie ? { cookie } : {}), ...(init.headers ?? {}) }, redirect: "manual" });

describe("/admin/money", () => {
  it("is for admins only, page, run and download alike", async () => {
    const creator = await person({ isCreator: true });
    await payable(creator.id);
    const run = await runPayouts(db, { month: "2026-02", now: new Date("2026-03-05T10:00:00Z"), actor: { userId: null, ip: null } });
    if (!run.ok || !run.run) throw new Error("no run");
    const file = `/admin/money/payout-runs/${run.run.id}/sepa.xml`;

    expect((await request("/admin/money", creator.cookie)).status).toBe(403);
    expect(
      (await request("/admin/money.data", creator.cookie, { method: "POST", body: new URLSearchParams({ intent: "payouts", month: "2026-03" }) })).status,
    ).toBe(403);
    expect((await request(file, creator.cookie)).status).toBe(403);
    const anonymous = await request("/admin/money", null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/auth?step=login");
    expect((await request(file, null)).status).toBe(302);
    expect(await listPayoutRuns(db)).toHaveLength(1);

    const admin = await person({ isAdmin: true });
    const listing = await request("/admin/money", admin.cookie);
    expect(listing.status).toBe(200);
    const html = await listing.text();
    expect(html).toContain("February 2026");
    expect(html).toContain("€85.00");
    expect(html).toContain(file);
    const download = await request(file, admin.cookie);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/xml");
    expect(download.headers.get("content-disposition")).toBe('attachment; filename="spotfolio-payouts-2026-02.xml"');
    expect(await download.text()).toContain('<InstdAmt Ccy="EUR">85.00</InstdAmt>');
    expect((await request("/admin/money/payout-runs/00000000-0000-4000-8000-000000000000/sepa.xml", admin.cookie)).status).toBe(404);
  });

  it("runs a month from the button once; bad input changes nothing", async () => {
    const admin = await person({ isAdmin: true });
    const bad = await request("/admin/money.data", admin.cookie, { method: "POST", body: new URLSearchParams({ intent: "payouts", month: "March" }) });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Write the month as 2026-11");
    const notOver = await request("/admin/money.data", admin.cookie, { method: "POST", body: new URLSearchParams({ intent: "payouts", month: "2999-01" }) });
    expect(notOver.status).toBe(400);
    expect(await listPayoutRuns(db)).toEqual([]);

    const creator = await person({ isCreator: true });
    await payable(creator.id);
    const first = await request("/admin/money.data", admin.cookie, { method: "POST", body: new URLSearchParams({ intent: "payouts", month: "2026-01" }) });
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("8500");
    const runs = await listPayoutRuns(db);
    expect(runs).toMatchObject([{ month: "2026-01", transfers: 1, net: 85_00, actorId: admin.id }]);
    const again = await request("/admin/money.data", admin.cookie, { method: "POST", body: new URLSearchParams({ intent: "payouts", month: "2026-01" }) });
    expect(again.status).toBe(200);
    expect(await listPayoutRuns(db)).toHaveLength(1);
  });

  it("closes a month from the button once; a creator's post closes nothing", async () => {
    const admin = await person({ isAdmin: true });
    const creator = await person({ isCreator: true });
    const member = await person({});
    await pay(db, { userId: member.id, tier: "supporter", creatorId: creator.id, grossCents: 10_00, periodStart: new Date("2025-10-15T10:00:00Z") });

    const page = await (await request("/admin/money", admin.cookie)).text();
    expect(page).toContain(`Close ${monthLabel((await monthToClose(db, new Date()))!)}`);

    const post = (cookie: string, month: string) =>
      request("/admin/money.data", cookie, { method: "POST", body: new URLSearchParams({ intent: "close", month }) });
    expect((await post(creator.cookie, "2025-10")).status).toBe(403);
    expect(await closeOf(db, "2025-10")).toBeNull();
    const bad = await post(admin.cookie, "October");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Write the month as 2026-11");

    const first = await post(admin.cookie, "2025-10");
    expect(first.status).toBe(200);
    expect((await closeOf(db, "2025-10"))?.creatorsPaid).toBe(1);
    // EUR 10.00 from Spain: 21% VAT included (EUR 1.74), the local fee (1.5% + EUR 0.25 = EUR 0.40), 70% of EUR 7.86.
    expect(await owedTo(db, creator.id)).toBe(5_50);
    expect(await ledgerTotal(db)).toBe(0);
    const again = await post(admin.cookie, "2025-10");
    expect(again.status).toBe(200);
    expect(await owedTo(db, creator.id)).toBe(5_50);
    const audit = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "money.month_closed"), eq(adminAuditLog.targetId, "2025-10")));
    expect(audit).toMatchObject([{ adminId: admin.id }]);
    const listing = await (await request("/admin/money", admin.cookie)).text();
    expect(listing).toContain("October 2025");
    expect(listing).toContain("€5.50");
  });

  it("refunds a local payment in whole cents; bad amounts and non-admins change nothing", async () => {
    const admin = await person({ isAdmin: true });
    const creator = await person({ isCreator: true });
    const member = await person({});
    await pay(db, { userId: member.id, tier: "supporter", creatorId: creator.id, grossCents: 12_00, periodStart: new Date("2026-02-03T10:00:00Z") });
    const [payment] = await db.select().from(payments).where(eq(payments.userId, member.id));

    const listing = await (await request("/admin/money", admin.cookie)).text();
    expect(listing).toContain(payment.id);
    expect(listing).toContain("€12.00");

    const refund = (cookie: string, amount: string) =>
      request("/admin/money.data", cookie, {
        method: "POST",
        body: new URLSearchParams({ intent: "refund", paymentId: payment.id, amount, reason: "Asked by email" }),
      });
    for (const amount of ["-1", "0", "1.234", "abc", ""]) {
      const bad = await refund(admin.cookie, amount);
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain("no fractions of a cent");
    }
    expect((await refund(creator.cookie, "4.00")).status).toBe(403);
    expect((await refund(member.cookie, "4.00")).status).toBe(403);
    const tooMuch = await refund(admin.cookie, "12.01");
    expect(tooMuch.status).toBeGreaterThanOrEqual(400);
    expect(tooMuch.status).toBeLessThan(500);
    const untouched = await db.select({ refunded: payments.refundedCents }).from(payments).where(eq(payments.id, payment.id));
    expect(untouched).toEqual([{ refunded: 0 }]);

    const done = await refund(admin.cookie, "4.50");
    expect(done.status).toBe(200);
    const after = await db.select({ refunded: payments.refundedCents, status: payments.status }).from(payments).where(eq(payments.id, payment.id));
    expect(after).toEqual([{ refunded: 4_50, status: "succeeded" }]);
    expect(await ledgerTotal(db)).toBe(0);
    const audit = await db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "payment.refunded"), eq(adminAuditLog.targetId, payment.id)));
    expect(audit).toMatchObject([{ adminId: admin.id, after: { amountCents: 4_50, reason: "Asked by email" } }]);
    const page = await (await request("/admin/money", admin.cookie)).text();
    expect(page).toContain("(€4.50 refunded)");
    // What is left is offered: EUR 7.50.
    expect(page).toContain('value="7.50"');
  });
});

/**
 * /studio/payouts through the whole server: the signed-in creator's balance, next payout, holds
 * and payouts, never another creator's; visitors log in first, members get 403 (the guard loop of
 * studio-guards.integration.test.ts covers the rest).
 */
import { describe, expect, it } from "vitest";
import { appServerBuild } from "../../../tests/setup/app-build";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { edgeServer, sessionCookie } from "../../../tests/setup/edge-server";
import { stubTestEnv } from "../../../tests/setup/env";
import { payouts } from "#db/schema";
import { createProfile } from "#db/seed/factories";
import { cents } from "~/modules/money";
import { post } from "~/modules/money/index.server";

stubTestEnv({ EMAIL_RATE_PER_SECOND: "0", BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth", VIES_URL: "off" });
stubDataDir("studio-payouts");
const db = await setupTestDatabase();
const server = await edgeServer(db, { build: await appServerBuild({ documents: true }) });

let n = 0;
async function creator() {
  const email = `payouts${++n}-${Date.now()}@example.com`;
  const { profile } = await createProfile(db, { isCreator: true, isOnboarded: true, handle: `payouts${n}_${Date.now() % 100000}` }, { email });
  return { id: profile.id, email, cookie: await sessionCookie(db, email) };
}

async function paidBefore(creatorId: string, amount: number, withheld: number, month: string) {
  await db.insert(payouts).values({
    creatorId,
    amountCents: amount,
    withholdingCents: withheld,
    netCents: amount - withheld,
    withholdingKind: withheld ? "irpf" : "none",
    withholdingPercent: withheld ? 15 : 0,
    periodStart: `${month}-01`,
    periodEnd: `${month}-28`,
    status: "paid",
    provider: "sepa",
    paidAt: new Date(`${month}-28T10:00:00Z`),
    ibanLast4: "1332",
  });
}

const page = async (cookie: string | null, path = "/studio/payouts") => {
  const response = await server.request(path, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), text: await response.text() };
};

describe("/studio/payouts", () => {
  it("shows the creator's own balance, holds and payouts, and none of another creator's", async () => {
    const ana = await creator();
    const bo = await creator();
    await paidBefore(ana.id, 100_00, 15_00, "2026-09");
    await paidBefore(bo.id, 777_77, 0, "2026-08");
    await post(db, {
      idempotencyKey: `test:${ana.id}`,
      kind: "adjustment",
      cause: { type: "test", id: ana.id },
      month: "2026-10",
      creatorId: ana.id,
      description: "Earnings (test)",
      occurredAt: new Date("2026-10-30T10:00:00Z"),
      postings: [
        { account: "creator_payable", ref: ana.id, amount: cents(-42_10) },
        { account: "platform_revenue", amount: cents(42_10) },
      ],
    });

    const { status, text } = await page(ana.cookie);
    expect(status).toBe(200);
    expect(text).toContain("€42.10");
    expect(text).toContain("Balances below EUR 50 are carried over to the following month until they reach the minimum.");
    expect(text).toContain("€85.00");
    expect(text).toContain("€15.00");
    expect(text).toContain("September 2026");
    // Nothing on file: the holds say why and what to do.
    expect(text).toContain("Your payouts are on hold");
    expect(text).toContain("You have not entered a bank account for your payouts yet.");
    expect(text).toContain("Add your bank account");
    expect(text).toContain('href="/studio/payouts/details"');
    expect(text).toContain('href="/studio/revenue/tax-settings"');
    // Bo's payout is nowhere on Ana's page or data.
    expect(text).not.toContain("777.77");
    expect(text).not.toContain("August 2026");
    const data = await server.request("/studio/payouts.data", { headers: { cookie: ana.cookie } });
    expect(await data.text()).not.toContain("77777");

    const bos = await page(bo.cookie);
    expect(bos.text).toContain("€777.77");
    expect(bos.text).not.toContain("€85.00");
  });

  it("shows a payout's VAT of self-billed invoices beside its balance, withholding and net paid", async () => {
    const lucia = await creator();
    await db.insert(payouts).values({
      creatorId: lucia.id,
      amountCents: 56_62,
      vatCents: 11_89,
      vatKind: "spanish-vat",
      vatPercent: 21,
      withholdingCents: 8_49,
      netCents: 60_02,
      withholdingKind: "irpf",
      withholdingPercent: 15,
      periodStart: "2026-10-01",
      periodEnd: "2026-10-31",
      status: "paid",
      provider: "sepa",
      paidAt: new Date("2026-11-20T10:00:00Z"),
      ibanLast4: "1332",
    });
    const { status, text } = await page(lucia.cookie);
    expect(status).toBe(200);
    expect(text).toContain("Balance (base)");
    expect(text).toMatch(/data-testid="payout-vat">€11\.89/);
    expect(text).toContain("IVA 21%");
    expect(text).toContain("€8.49");
    expect(text).toContain("€60.02");
  });

  it("sends visitors to log in and refuses members", async () => {
    expect(await page(null)).toMatchObject({ status: 302, location: "/auth?step=login&redirectTo=%2Fstudio%2Fpayouts" });
    const email = `member-${Date.now()}@example.com`;
    await createProfile(db, {}, { email });
    expect((await page(await sessionCookie(db, email))).status).toBe(403);
  });
});

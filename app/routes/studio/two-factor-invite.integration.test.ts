/**
 * The Studio invites a creator with money owed to them to turn two-factor sign-in on (issue 23,
 * item 11): on the dashboard and on /studio/payouts, until it is on; nobody else sees it.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appServerBuild } from "../../../tests/setup/app-build";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { edgeServer, sessionCookie } from "../../../tests/setup/edge-server";
import { stubTestEnv } from "../../../tests/setup/env";
import { user } from "#db/schema";
import { createProfile } from "#db/seed/factories";
import { cents } from "~/modules/money";
import { post } from "~/modules/money/index.server";

stubTestEnv({ EMAIL_RATE_PER_SECOND: "0", BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth", VIES_URL: "off" });
stubDataDir("studio-two-factor-invite");
const db = await setupTestDatabase();
const server = await edgeServer(db, { build: await appServerBuild({ documents: true }) });

const INVITE = "Protect your earnings with two-factor authentication.";
let n = 0;

async function creator(owed: number) {
  const email = `invite${++n}-${Date.now()}@example.com`;
  const { profile } = await createProfile(db, { isCreator: true, isOnboarded: true, handle: `invite${n}_${Date.now() % 100000}` }, { email });
  if (owed > 0) {
    await post(db, {
      idempotencyKey: `test:${profile.id}`,
      kind: "adjustment",
      cause: { type: "test", id: profile.id },
      month: "2026-10",
      creatorId: profile.id,
      description: "Earnings (test)",
      occurredAt: new Date("2026-10-30T10:00:00Z"),
      postings: [
        { account: "creator_payable", ref: profile.id, amount: cents(-owed) },
        { account: "platform_revenue", amount: cents(owed) },
      ],
    });
  }
  return { id: profile.id, cookie: await sessionCookie(db, email) };
}

const page = async (cookie: string, path: string) => {
  const response = await server.request(path, { headers: { cookie }, redirect: "manual" });
  expect(response.status).toBe(200);
  return response.text();
};

describe("the Studio's two-factor invitation", () => {
  it("is on the dashboard and payouts of a creator with a balance, links to /account#two-factor, and goes once it is on", async () => {
    const ana = await creator(12_34);
    for (const path of ["/studio", "/studio/payouts"]) {
      const text = await page(ana.cookie, path);
      expect(text).toContain(INVITE);
      expect(text).toContain('href="/account#two-factor"');
    }
    await db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, ana.id));
    for (const path of ["/studio", "/studio/payouts"]) expect(await page(ana.cookie, path)).not.toContain(INVITE);
  });

  it("is not shown to a creator with nothing owed", async () => {
    const bo = await creator(0);
    for (const path of ["/studio", "/studio/payouts"]) expect(await page(bo.cookie, path)).not.toContain(INVITE);
  });
});

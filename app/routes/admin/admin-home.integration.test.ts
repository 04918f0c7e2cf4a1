/** /admin through the whole server: the counts, the 90-day charts and this month's money, for admins only. */
import { describe, expect, it } from "vitest";
import { pay } from "../../../tests/money/world";
import { appServerBuild } from "../../../tests/setup/app-build";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { edgeServer, sessionCookie } from "../../../tests/setup/edge-server";
import { stubTestEnv } from "../../../tests/setup/env";
import { createProfile } from "#db/seed/factories";

stubTestEnv({ EMAIL_RATE_PER_SECOND: "0", BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth" });
stubDataDir("admin-home");
const db = await setupTestDatabase();
const server = await edgeServer(db, { build: await appServerBuild({ documents: true }) });

let n = 0;
async function person(flags: { isAdmin?: boolean; isCreator?: boolean }) {
  const email = `admin-home${++n}-${Date.now()}@example.com`;
  const { profile } = await createProfile(db, { ...flags, isOnboarded: true, handle: `ah${n}_${Date.now() % 100000}` }, { email });
  return { id: profile.id, cookie: await sessionCookie(db, email) };
}
const request = (path: string, cookie: string | null) => server.request(path, { headers: cookie ? { cookie } : {}, redirect: "manual" });

describe("/admin", () => {
  it("shows admins the platform's figures with their last 90 days; a creator gets 403", async () => {
    const admin = await person({ isAdmin: true });
    const creator = await person({ isCreator: true });
    const member = await person({});
    await pay(db, { userId: member.id, tier: "supporter", creatorId: creator.id, grossCents: 10_00, periodStart: new Date() });

    expect((await request("/admin", creator.cookie)).status).toBe(403);
    const page = await request("/admin", admin.cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const label of ["Users", "Creators", "Applications waiting", "Published maps", "Published spots", "Premium members", "Supporters"])
      expect(html).toContain(label);
    // Three people signed up today: the chart's total says so.
    expect(html).toMatch(/aria-label="Sign-ups per day from [^"]+: 3 in all"/);
    expect(html).toContain("€10.00");
    expect(html).toMatch(/aria-label="Member payments per day from [^"]+: €10.00 in all"/);
    // Every back-office page is one click away.
    expect(html).toContain('href="/admin/money"');
    expect(html).toContain('href="/admin/articles"');
  });
});

/**
 * "View as" through the whole server: an admin sees a Premium spot locked as a visitor, open as a
 * Premium member, and a supporters-only spot open only as a supporter of its creator; nothing can be
 * written meanwhile; every page is audited; the cookie means nothing to anyone else; and the page
 * cache never keeps a page drawn for it.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appServerBuild } from "../../../tests/setup/app-build";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { edgeServer, sessionCookie } from "../../../tests/setup/edge-server";
import { stubTestEnv } from "../../../tests/setup/env";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { adminAuditLog } from "#db/schema/audit";

stubTestEnv({ EMAIL_RATE_PER_SECOND: "0", BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth" });
stubDataDir("admin-view-as");
const db = await setupTestDatabase();
const server = await edgeServer(db, { build: await appServerBuild({ documents: true }) });

let n = 0;
async function person(flags: { isAdmin?: boolean; isCreator?: boolean }) {
  const email = `view-as${++n}-${Date.now()}@example.com`;
  const { profile } = await createProfile(db, { ...flags, isOnboarded: true, handle: `va${n}_${Date.now() % 100000}` }, { email });
  return { id: profile.id, cookie: await sessionCookie(db, email) };
}
const get = (path: string, cookie: string | null) =>
  server.request(path, { headers: cookie ? { cookie, accept: "text/html" } : { accept: "text/html" }, redirect: "manual" });
/** The page's HTML without React's text separators ("Viewing as <!-- -->a Premium member"). */
const html = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");
const post = (path: string, cookie: string, body: Record<string, string>) =>
  server.request(path, { method: "POST", headers: { cookie }, body: new URLSearchParams(body), redirect: "manual" });

/** The admin's cookies plus the view-as cookie a start answered with. */
function withViewAs(cookie: string, response: Response): string {
  const set = response.headers.getSetCookie().find((c) => c.startsWith("sf_view_as="));
  expect(set).toBeDefined();
  return `${cookie}; ${set!.split(";")[0]}`;
}

describe("/admin/view-as", () => {
  it("draws public pages for the chosen viewer, read-only and audited", async () => {
    const admin = await person({ isAdmin: true });
    const { profile: creator } = await createCreator(db, { handle: `va_creator_${Date.now() % 100000}` });
    const { map, spots } = await createMap(
      db,
      {},
      { ownerId: creator.id, spots: 3, spotOverrides: (p) => ({ visibility: (["public", "premium", "supporters"] as const)[p] }) },
    );
    const premiumSpot = `/maps/${map.currentSlug}/spots/${spots[1].slug}`;
    const supportersSpot = `/maps/${map.currentSlug}/spots/${spots[2].slug}`;
    const address = (html: string) => html.includes('data-testid="spot-address"');

    // The admin as themselves sees everything.
    expect(address(await html(await get(premiumSpot, admin.cookie)))).toBe(true);

    const asVisitor = withViewAs(admin.cookie, await post("/admin/view-as", admin.cookie, { mode: "anonymous", path: premiumSpot }));
    const visitorPage = await html(await get(premiumSpot, asVisitor));
    expect(visitorPage).toContain("Viewing as an anonymous visitor");
    expect(visitorPage).toContain('data-testid="locked-spot"');
    expect(address(visitorPage)).toBe(false);
    // A real visitor next gets no banner: the page cache kept nothing drawn for the admin.
    const anonymous = await html(await get(premiumSpot, null));
    expect(anonymous).not.toContain("Viewing as");

    const asPremium = withViewAs(admin.cookie, await post("/admin/view-as", admin.cookie, { mode: "premium", path: "/" }));
    expect(address(await html(await get(premiumSpot, asPremium)))).toBe(true);
    expect(address(await html(await get(supportersSpot, asPremium)))).toBe(false);

    const asSupporter = withViewAs(admin.cookie, await post("/admin/view-as", admin.cookie, { mode: "supporter", creator: `@${creator.handle}`, path: "/" }));
    const supporterPage = await html(await get(supportersSpot, asSupporter));
    expect(supporterPage).toContain(`Viewing as a Supporter of @${creator.handle}`);
    expect(address(supporterPage)).toBe(true);

    // Read-only: any write but stopping is refused.
    const write = await post("/atlas", asSupporter, { intent: "create", title: "Should not exist" });
    expect(write.status).toBe(403);
    expect(await write.text()).toContain("nothing can be changed until you stop");

    // A supporter view needs a real, published creator.
    const bad = await post("/admin/view-as", admin.cookie, { mode: "supporter", creator: "@nobody_here" });
    expect(bad.status).toBe(400);
    const badMode = await post("/admin/view-as", admin.cookie, { mode: "owner" });
    expect(badMode.status).toBe(400);

    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.adminId, admin.id));
    expect(audit.filter((a) => a.action === "view_as.started")).toHaveLength(3);
    expect(audit).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: "view_as.page_viewed", targetId: supportersSpot, after: { mode: "supporter", creatorId: creator.id } }),
      ]),
    );

    // Stopping clears it, audited.
    const stopped = await post("/admin/view-as", asSupporter, { intent: "stop" });
    expect(stopped.status).toBe(302);
    expect(stopped.headers.getSetCookie().some((c) => c.startsWith("sf_view_as=;"))).toBe(true);
    expect(
      await db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.adminId, admin.id), eq(adminAuditLog.action, "view_as.stopped"))),
    ).toHaveLength(1);
  });

  it("means nothing to anyone but the admin it was made for", async () => {
    const admin = await person({ isAdmin: true });
    const member = await person({});
    const start = await post("/admin/view-as", admin.cookie, { mode: "premium", path: "/" });
    const cookie = start.headers
      .getSetCookie()
      .find((c) => c.startsWith("sf_view_as="))!
      .split(";")[0];
    // A member holding the admin's cookie is still themselves: no banner, no Premium.
    const page = await html(await get("/", `${member.cookie}; ${cookie}`));
    expect(page).not.toContain("Viewing as");
    // And only admins may start it.
    expect((await post("/admin/view-as", member.cookie, { mode: "premium" })).status).toBe(403);
  });
});

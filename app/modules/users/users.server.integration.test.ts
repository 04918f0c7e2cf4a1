/**
 * The back office's user actions (issue 25, item 7) end to end on a real database, through the
 * whole server where a person would notice: a suspended user cannot sign in and is told why, their
 * sessions are gone, and their creator page, maps, spots and posts are gone for everyone else
 * (search, sitemap and the cached pages too) until the suspension is lifted; admin rights are
 * granted and revoked with their limits; an undone creator approval unpublishes the maps, stops
 * the Supporters' renewals and emails the reason. Every action leaves one audit entry.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appServerBuild } from "../../../tests/setup/app-build";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { setupTestDatabase } from "../../../tests/setup/database";
import { edgeServer, sessionCookie } from "../../../tests/setup/edge-server";
import { stubTestEnv } from "../../../tests/setup/env";
import { creatorApplications, creatorSupporters, emailOutbox, maps, profiles, session, userSuspensions } from "#db/schema";
import { adminAuditLog } from "#db/schema/audit";
import { createCreator, createMap, createPost, createProfile } from "#db/seed/factories";
import { undoCreatorApproval, UNDO_APPROVAL_MESSAGES } from "~/modules/creators/undo-approval.server";
import { localProvider } from "~/modules/memberships/providers/local.server";
import { liftSuspension, setAdminRole, suspendUser, USER_ACTION_MESSAGES, userForAdmin } from "./index.server";

const CONFIGURED_ADMIN = "owner@example.com";
stubTestEnv({ EMAIL_RATE_PER_SECOND: "0", BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth", ADMIN_EMAILS: CONFIGURED_ADMIN });
stubDataDir("admin-users");
const db = await setupTestDatabase();
const server = await edgeServer(db, { build: await appServerBuild({ documents: true }) });

const IP = "203.0.113.9";
const request = (path: string, cookie: string | null = null, init: RequestInit = {}) =>
  server.request(path, { ...init, headers: { ...(cookie ? { cookie } : {}), ...(init.headers ?? {}) }, redirect: "manual" });

async function makeAdmin(email = `admin-${crypto.randomUUID().slice(0, 8)}@example.com`) {
  const { user } = await createProfile(db, { isAdmin: true }, { email });
  return { id: user.id, email, actor: { userId: user.id, ip: IP } };
}

/** A published creator with a published map and a public post, as anyone sees them. */
async function publishedCreator() {
  const email = `creator-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const { user, profile } = await createProfile(db, { isCreator: true, isOnboarded: true, isPublished: true }, { email });
  const { map, spots } = await createMap(db, { title: `Hidden courtyards ${profile.handle}` }, { ownerId: user.id, spots: 2 });
  const post = await createPost(db, user.id, { title: "Where to eat" });
  const handle = profile.handle!;
  return {
    id: user.id,
    email,
    handle,
    pages: {
      creator: `/@${handle}`,
      map: `/maps/${map.currentSlug}`,
      spot: `/maps/${map.currentSlug}/spots/${spots[0].slug}`,
      post: `/@${handle}/posts/${post.slug}`,
    },
    mapTitle: map.title,
    mapId: map.id,
  };
}

type Creator = Awaited<ReturnType<typeof publishedCreator>>;

/** What an anonymous visitor gets: each page's status, and whether the sitemap and search list the creator. */
async function publicView(creator: Creator) {
  const statuses: Record<string, number> = {};
  for (const [name, path] of Object.entries(creator.pages)) statuses[name] = (await request(path)).status;
  const sitemap = await (await request("/sitemap.xml")).text();
  const search = (await (await request(`/api/search?q=${encodeURIComponent(creator.mapTitle)}`)).json()) as { maps: { items: { id: string }[] } };
  return { ...statuses, inSitemap: sitemap.includes(creator.handle), inSearch: search.maps.items.some((m) => m.id === creator.mapId) };
}

const VISIBLE = { creator: 200, map: 200, spot: 200, post: 200, inSitemap: true, inSearch: true };
const HIDDEN = { creator: 404, map: 404, spot: 404, post: 404, inSitemap: false, inSearch: false };

async function signInForm(email: string) {
  return request("/auth?step=login", null, { method: "POST", body: new URLSearchParams({ intent: "login", email, password: "spotfolio-demo" }) });
}

const auditOf = (targetId: string) => db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId)).orderBy(adminAuditLog.seq);
const mailTo = (to: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

describe("suspending a user", () => {
  it("ends their sessions, refuses their sign-in with the reason, hides their public content; lifting brings it all back", async () => {
    const admin = await makeAdmin();
    const creator = await publishedCreator();
    const cookie = await sessionCookie(db, creator.email);
    // Seen twice, so the anonymous pages are in the page cache when the suspension comes.
    expect(await publicView(creator)).toEqual(VISIBLE);
    expect(await publicView(creator)).toEqual(VISIBLE);
    expect((await request("/account", cookie)).status).toBe(200);

    const reason = "Your posts copied other creators' guides word for word";
    expect(await suspendUser(db, { actor: admin.actor, userId: creator.id, reason: `  ${reason} ` })).toEqual({ ok: true });

    expect(await db.select().from(session).where(eq(session.userId, creator.id))).toEqual([]);
    const after = await request("/account", cookie);
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toContain("/auth?step=login");
    const refused = await signInForm(creator.email);
    expect(refused.status).toBe(403);
    const page = await refused.text();
    expect(page).toContain("Your account is suspended");
    expect(page).toContain("word for word");
    expect(page).toContain("info@spotfolio.app");
    // Only the right password learns the reason.
    const wrong = await request("/auth?step=login", null, {
      method: "POST",
      body: new URLSearchParams({ intent: "login", email: creator.email, password: "wrong-password" }),
    });
    expect(await wrong.text()).not.toContain("word for word");
    await expect(sessionCookie(db, creator.email)).rejects.toThrow();

    // A magic link (or any sign-in that is not the password form) ends on the login page, saying the account is suspended.
    const asked = await request("/auth?step=login", null, {
      method: "POST",
      body: new URLSearchParams({ intent: "magiclink", email: creator.email, redirectTo: "/" }),
    });
    expect(asked.status).toBe(200);
    const magic = (await mailTo(creator.email)).find((m) => m.template === "magic-link");
    const link = new URL((magic?.payload as { url: string }).url);
    const followed = await request(link.pathname + link.search);
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/auth?step=login&suspended=1");
    expect(followed.headers.getSetCookie().some((c) => c.includes("session_token=") && !c.includes("Max-Age=0"))).toBe(false);
    expect(await (await request("/auth?step=login&suspended=1")).text()).toContain("This account is suspended, so it cannot sign in");

    expect(await publicView(creator)).toEqual(HIDDEN);
    const [suspendedMail] = (await mailTo(creator.email)).filter((m) => m.template !== "magic-link");
    expect(suspendedMail).toMatchObject({ template: "account-suspended", payload: { reason } });
    expect(await auditOf(creator.id)).toMatchObject([
      {
        action: "user.suspended",
        adminId: admin.id,
        ip: IP,
        targetType: "user",
        before: { suspended: false, isPublished: true },
        after: { suspended: true, reason, sessionsEnded: 1 },
      },
    ]);
    expect((await userForAdmin(db, creator.id))?.suspended).toMatchObject({ reason, suspendedBy: admin.email, liftedAt: null });

    expect(await liftSuspension(db, { actor: admin.actor, userId: creator.id, siteOrigin: "https://spotfolio.test" })).toEqual({ ok: true });
    expect(await publicView(creator)).toEqual(VISIBLE);
    expect((await request("/account", await sessionCookie(db, creator.email))).status).toBe(200);
    expect((await mailTo(creator.email)).map((m) => m.template).sort()).toEqual(["account-restored", "account-suspended", "magic-link"]);
    expect((await auditOf(creator.id)).map((e) => e.action)).toEqual(["user.suspended", "user.suspension_lifted"]);
    const detail = await userForAdmin(db, creator.id);
    expect(detail?.suspended).toBeNull();
    expect(detail?.suspensions).toMatchObject([{ reason, liftedBy: admin.email }]);
  });

  it("a creator who had unpublished their profile stays unpublished after the lift", async () => {
    const admin = await makeAdmin();
    const { user } = await createCreator(db, { isPublished: false });
    await suspendUser(db, { actor: admin.actor, userId: user.id, reason: "Spam" });
    await liftSuspension(db, { actor: admin.actor, userId: user.id });
    expect((await db.select({ isPublished: profiles.isPublished }).from(profiles).where(eq(profiles.id, user.id)))[0].isPublished).toBe(false);
  });

  it("refuses an empty reason, oneself, an admin and a second suspension, and changes nothing then", async () => {
    const admin = await makeAdmin();
    const other = await makeAdmin();
    const { user } = await createProfile(db);
    expect(await suspendUser(db, { actor: admin.actor, userId: user.id, reason: "   " })).toEqual({
      ok: false,
      status: 400,
      error: USER_ACTION_MESSAGES.reasonRequired,
    });
    expect(await suspendUser(db, { actor: admin.actor, userId: admin.id, reason: "x" })).toEqual({
      ok: false,
      status: 403,
      error: USER_ACTION_MESSAGES.ownSuspension,
    });
    expect(await suspendUser(db, { actor: admin.actor, userId: other.id, reason: "x" })).toEqual({
      ok: false,
      status: 409,
      error: USER_ACTION_MESSAGES.adminSuspension,
    });
    expect(await suspendUser(db, { actor: admin.actor, userId: "nobody", reason: "x" })).toMatchObject({ ok: false, status: 404 });
    expect(await liftSuspension(db, { actor: admin.actor, userId: user.id })).toEqual({ ok: false, status: 409, error: USER_ACTION_MESSAGES.notSuspended });
    expect(await db.select().from(adminAuditLog)).toEqual([]);
    expect(await db.select().from(userSuspensions)).toEqual([]);

    await suspendUser(db, { actor: admin.actor, userId: user.id, reason: "Spam" });
    expect(await suspendUser(db, { actor: other.actor, userId: user.id, reason: "Spam again" })).toEqual({
      ok: false,
      status: 409,
      error: USER_ACTION_MESSAGES.alreadySuspended,
    });
    expect(await db.select().from(adminAuditLog)).toHaveLength(1);
  });

  it("through /admin/users/{id}: a suspension without a reason is a 400 with the field's message, and nothing changes", async () => {
    const admin = await makeAdmin();
    const { user } = await createProfile(db);
    const cookie = await sessionCookie(db, admin.email);
    const path = `/admin/users/${user.id}?confirm=suspend`;
    const refused = await request(path, cookie, { method: "POST", body: new URLSearchParams({ intent: "suspend", reason: " " }) });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Give the reason for the suspension");
    expect(await db.select().from(userSuspensions)).toEqual([]);
    expect(await db.select().from(adminAuditLog)).toEqual([]);

    const creator = await createCreator(db);
    const undo = await request(`/admin/users/${creator.user.id}?confirm=undo-approval`, cookie, {
      method: "POST",
      body: new URLSearchParams({ intent: "undo-approval", reason: "" }),
    });
    expect(undo.status).toBe(400);
    expect(await undo.text()).toContain("Give the reason: it is emailed to the creator");
    expect((await request(`/admin/users/${user.id}`, cookie, { method: "POST", body: new URLSearchParams({ intent: "promote-to-god" }) })).status).toBe(400);
    expect(await db.select().from(adminAuditLog)).toEqual([]);
    expect((await db.select().from(profiles).where(eq(profiles.id, creator.user.id)))[0].isCreator).toBe(true);

    const done = await request(path, cookie, { method: "POST", body: new URLSearchParams({ intent: "suspend", reason: "Fake reviews" }) });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/admin/users/${user.id}?done=suspend`);
    expect(await auditOf(user.id)).toMatchObject([{ action: "user.suspended", adminId: admin.id, ip: "203.0.113.7" }]);
  });
});

describe("admin rights", () => {
  it("are granted and revoked, each with an audit entry; never one's own, never an ADMIN_EMAILS address", async () => {
    const admin = await makeAdmin();
    const configured = await makeAdmin(CONFIGURED_ADMIN);
    const { user } = await createProfile(db);

    expect(await setAdminRole(db, { actor: admin.actor, userId: user.id, admin: true })).toEqual({ ok: true });
    expect((await userForAdmin(db, user.id))?.profile.isAdmin).toBe(true);
    expect(await setAdminRole(db, { actor: admin.actor, userId: user.id, admin: true })).toEqual({
      ok: false,
      status: 409,
      error: USER_ACTION_MESSAGES.alreadyAdmin,
    });
    expect(await setAdminRole(db, { actor: admin.actor, userId: user.id, admin: false })).toEqual({ ok: true });
    expect((await userForAdmin(db, user.id))?.profile.isAdmin).toBe(false);
    expect(await auditOf(user.id)).toMatchObject([
      { action: "user.admin_granted", adminId: admin.id, ip: IP, before: { isAdmin: false }, after: { isAdmin: true } },
      { action: "user.admin_revoked", adminId: admin.id, ip: IP, before: { isAdmin: true }, after: { isAdmin: false } },
    ]);

    expect(await setAdminRole(db, { actor: admin.actor, userId: admin.id, admin: false })).toEqual({
      ok: false,
      status: 403,
      error: USER_ACTION_MESSAGES.ownAdmin,
    });
    expect(await setAdminRole(db, { actor: admin.actor, userId: configured.id, admin: false })).toEqual({
      ok: false,
      status: 409,
      error: USER_ACTION_MESSAGES.configuredAdmin,
    });
    expect((await userForAdmin(db, configured.id))?.configuredAdmin).toBe(true);
    expect(await auditOf(admin.id)).toEqual([]);
    expect(await auditOf(configured.id)).toEqual([]);
  });

  it("a revoked admin loses the back office at once", async () => {
    const admin = await makeAdmin();
    const revoked = await makeAdmin();
    const cookie = await sessionCookie(db, revoked.email);
    expect((await request("/admin/users", cookie)).status).toBe(200);
    await setAdminRole(db, { actor: admin.actor, userId: revoked.id, admin: false });
    expect((await request("/admin/users", cookie)).status).toBe(403);

    // Made admin again through the page (a confirmed form post), with its audit entry.
    const adminCookie = await sessionCookie(db, admin.email);
    const granted = await request(`/admin/users/${revoked.id}?confirm=grant-admin`, adminCookie, {
      method: "POST",
      body: new URLSearchParams({ intent: "grant-admin" }),
    });
    expect(granted.headers.get("location")).toBe(`/admin/users/${revoked.id}?done=grant-admin`);
    expect((await request("/admin/users", cookie)).status).toBe(200);
    expect((await auditOf(revoked.id)).map((e) => e.action)).toEqual(["user.admin_revoked", "user.admin_granted"]);
  });
});

describe("the users search", () => {
  it("finds by email, handle (with or without @) or name, and shows roles", async () => {
    const admin = await makeAdmin();
    const cookie = await sessionCookie(db, admin.email);
    await createProfile(db, { handle: "lucia_maps", displayName: "Lucía Fernández", isCreator: true }, { email: "lucia@example.com", name: "Lucía" });
    for (const q of ["LUCIA@example", "@lucia_maps", "lucia_m", "Fernández"]) {
      const html = await (await request(`/admin/users?q=${encodeURIComponent(q)}`, cookie)).text();
      expect({ q, found: html.includes("lucia@example.com"), creator: html.includes("Creator") }).toEqual({ q, found: true, creator: true });
    }
    const none = await (await request(`/admin/users?q=${encodeURIComponent("100%_nobody")}`, cookie)).text();
    expect(none).toContain("No users found");
  });
});

describe("undoing a creator approval", () => {
  it("makes them a plain user again: maps unpublished, Supporters' renewals stopped, application rejected with the reason, emailed", async () => {
    const admin = await makeAdmin();
    const creator = await publishedCreator();
    const [application] = await db
      .insert(creatorApplications)
      .values({ userId: creator.id, url: "https://maps.app.goo.gl/abc", status: "approved", reviewedAt: new Date("2026-01-02T10:00:00Z") })
      .returning();
    const { user: fan } = await createProfile(db);
    const [support] = await db
      .insert(creatorSupporters)
      .values({ userId: fan.id, creatorId: creator.id, status: "active", interval: "month", provider: "local" })
      .returning();
    const cookie = await sessionCookie(db, creator.email);
    expect((await request("/studio/maps", cookie)).status).toBe(200);

    const provider = localProvider(db);
    const actor = { ...admin.actor };
    expect(await undoCreatorApproval(db, provider, { actor, userId: creator.id, reason: " " })).toEqual({
      ok: false,
      status: 400,
      error: UNDO_APPROVAL_MESSAGES.reasonRequired,
    });
    expect(await undoCreatorApproval(db, provider, { actor, userId: admin.id, reason: "x" })).toMatchObject({ ok: false, status: 403 });
    expect(await db.select().from(adminAuditLog)).toEqual([]);

    const reason = "The maps were copied from another guide";
    expect(await undoCreatorApproval(db, provider, { actor, userId: creator.id, reason, siteOrigin: "https://spotfolio.test" })).toEqual({
      ok: true,
      unpublishedMaps: 1,
      endingSupports: 1,
    });
    expect((await db.select().from(profiles).where(eq(profiles.id, creator.id)))[0]).toMatchObject({ isCreator: false, isPublished: false });
    expect((await db.select().from(maps).where(eq(maps.id, creator.mapId)))[0]).toMatchObject({ isPublished: false });
    expect((await db.select().from(creatorSupporters).where(eq(creatorSupporters.id, support.id)))[0]).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: true,
    });
    expect((await db.select().from(creatorApplications).where(eq(creatorApplications.id, application.id)))[0]).toMatchObject({
      status: "rejected",
      decisionReason: reason,
      reviewerId: admin.id,
    });
    expect(await mailTo(creator.email)).toMatchObject([
      { template: "creator-approval-undone", payload: { reason, accountUrl: "https://spotfolio.test/account" } },
    ]);
    expect(await auditOf(creator.id)).toMatchObject([
      {
        action: "user.creator_approval_undone",
        adminId: admin.id,
        ip: IP,
        before: { isCreator: true, publishedMapIds: [creator.mapId] },
        after: { isCreator: false, reason },
      },
    ]);
    expect(
      await db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.targetId, application.id), eq(adminAuditLog.action, "creator_application.rejected"))),
    ).toHaveLength(1);

    // The Studio is closed to them, and their maps are gone from the public site.
    expect((await request("/studio/maps", cookie)).status).toBe(403);
    const view = await publicView(creator);
    expect(view).toMatchObject({ creator: 404, map: 404, inSearch: false, inSitemap: false });

    expect(await undoCreatorApproval(db, provider, { actor, userId: creator.id, reason })).toEqual({
      ok: false,
      status: 409,
      error: UNDO_APPROVAL_MESSAGES.notCreator,
    });
  });
});

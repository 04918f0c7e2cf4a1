/**
 * The rendered-page cache (ADR 0020) through the Hono server and React Router's handler, on
 * this file's database: an anonymous copy is served again, with each request's own nonce, and
 * a write to public content — an unpublished map, a spot made premium, a new spot, a deleted
 * map — shows on the very next request; a signed-in viewer never gets the anonymous copy, and
 * an anonymous visitor never gets theirs.
 */
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMap, createProfile } from "#db/seed/factories";
import { events, session, spots } from "#db/schema";
import { requestContext } from "~/lib/request-context";
import { createAuthForDatabase } from "~/modules/auth/auth.server";
import { enableDemoAccounts } from "~/modules/auth/demo-accounts.server";
import { pageCache, readPublicContentVersion } from "~/modules/page-cache/page-cache.server";
import { flushViewEvents } from "~/modules/analytics/track.server";
import { deleteMap, unpublishMap } from "~/modules/maps/map-lifecycle.server";
import { setupTestDatabase } from "../tests/setup/database";
import { stubTestEnv } from "../tests/setup/env";
import { appServerBuild } from "../tests/setup/app-build";
import { createApp } from "./app";

stubTestEnv({ BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth", RATE_LIMITS: "off" });

// The tests share one owner and one signed-in session, made before the first.
const db = await setupTestDatabase({ reset: "file" });
let app: ReturnType<typeof createApp>;
let ownerId: string;
let ownerCookie: string;
/** How many documents React Router rendered: a copy served from the cache renders none. */
let renders = 0;

/** The document: the loaders' data as JSON and the request's nonce, as a page would carry both. */
function renderingEntry(_request: Request, status: number, headers: Headers, routerContext: unknown, loadContext: { get: (key: unknown) => unknown }) {
  renders++;
  const { nonce } = loadContext.get(requestContext) as { nonce: string };
  const loaderData = (routerContext as { staticHandlerContext: { loaderData: unknown } }).staticHandlerContext.loaderData;
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<script nonce="${nonce}"></script>${JSON.stringify(loaderData)}`, { status, headers });
}

/** What a visitor who accepted analytics cookies sends: the consent cookie as the banner writes it. */
const CONSENTED = `sf_consent=${encodeURIComponent(Buffer.from(JSON.stringify("granted")).toString("base64"))}`;

async function get(path: string, cookie?: string) {
  const res = await fetchPage(path, cookie);
  return { status: res.status, body: await res.text(), csp: res.headers.get("content-security-policy") ?? "" };
}

function fetchPage(path: string, cookie?: string) {
  return app.request(
    `http://cache.test${path}`,
    { headers: { "User-Agent": "Mozilla/5.0 Chrome/140", ...(cookie ? { Cookie: cookie } : {}) } },
    { incoming: { socket: { remoteAddress: "127.0.0.1", remotePort: 50000, remoteFamily: "IPv4" } } },
  );
}

beforeAll(async () => {
  const owner = await createProfile(db, { isCreator: true, isOnboarded: true, handle: "cachecreator" }, { email: "owner@cache.example" });
  ownerId = owner.profile.id;
  await enableDemoAccounts(db, ["owner@cache.example"]);
  const { headers } = await createAuthForDatabase(db).api.signInEmail({
    body: { email: "owner@cache.example", password: "spotfolio-demo" },
    headers: new Headers({ "x-spotfolio-client-ip": "203.0.113.9" }),
    returnHeaders: true,
  });
  ownerCookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const build = await appServerBuild();
  app = createApp({
    build: { ...build, entry: { module: { default: renderingEntry } } } as unknown as ServerBuild,
    clientDir: "build/client",
    mode: "production",
    log: pino({ level: process.env.TEST_LOG ?? "silent" }),
    db,
    trustedProxies: new Set(),
    ready: async () => true,
    isShuttingDown: () => false,
    https: false,
  });
}, 120_000);

beforeEach(() => {
  pageCache.clear();
  renders = 0;
});

describe("the public content version", () => {
  it("moves with a committed write to public content, not with a refused or rolled-back one", async () => {
    const { map } = await createMap(db, {}, { ownerId, spots: 1 });
    const before = await readPublicContentVersion(db);
    await db.update(spots).set({ name: "Nothing matches" }).where(eq(spots.mapId, "00000000-0000-0000-0000-000000000000"));
    expect(await readPublicContentVersion(db)).toBe(before);
    await db
      .transaction(async (tx) => {
        await tx.update(spots).set({ name: "Never committed" }).where(eq(spots.mapId, map.id));
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect(await readPublicContentVersion(db)).toBe(before);
    await unpublishMap(db, ownerId, map.id);
    expect(await readPublicContentVersion(db)).toBeGreaterThan(before);
  });
});

describe("anonymous copies of public pages", () => {
  it("serve the same page again without rendering it, with each request's own nonce", async () => {
    const { map } = await createMap(db, { title: "Cached map" }, { ownerId, spots: 3 });
    const first = await get(`/maps/${map.currentSlug}`);
    const second = await get(`/maps/${map.currentSlug}`);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(renders).toBe(1);
    expect(second.body).toContain("Spot 3 of Cached map");
    const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonceOf(second.csp)).toBeTruthy();
    expect(nonceOf(second.csp)).not.toBe(nonceOf(first.csp));
    expect(second.body).toBe(first.body.split(nonceOf(first.csp)!).join(nonceOf(second.csp)!));
    expect(second.body).toContain(`nonce="${nonceOf(second.csp)}"`);
    expect(second.body).not.toContain(nonceOf(first.csp));
  });

  it("an unpublished map is gone on the very next request", async () => {
    const { map } = await createMap(db, { title: "Soon a draft" }, { ownerId, spots: 2 });
    const path = `/maps/${map.currentSlug}`;
    expect((await get(path)).status).toBe(200);
    expect((await get(path)).status).toBe(200);
    await unpublishMap(db, ownerId, map.id);
    expect((await get(path)).status).toBe(404);
    expect((await get(`${path}/spots/spot-1`)).status).toBe(404);
  });

  it("a spot made premium is locked on the very next request, on its map and its own page", async () => {
    const { map } = await createMap(db, { title: "Gated later" }, { ownerId, spots: 2 });
    const path = `/maps/${map.currentSlug}`;
    expect((await get(path)).body).toContain("Spot number 1.");
    expect((await get(`${path}/spots/spot-1`)).body).toContain("A longer description of spot 1.");
    await db
      .update(spots)
      .set({ visibility: "premium" })
      .where(sql`${spots.mapId} = ${map.id} and ${spots.slug} = 'spot-1'`);
    const mapPage = await get(path);
    expect(mapPage.body).not.toContain("Spot number 1.");
    expect(mapPage.body).toContain("Spot number 2.");
    const spotPage = await get(`${path}/spots/spot-1`);
    expect(spotPage.status).toBe(200);
    expect(spotPage.body).not.toContain("A longer description of spot 1.");
  });

  it("a new spot shows at once, and a deleted map is gone at once", async () => {
    const { map } = await createMap(db, { title: "Growing map" }, { ownerId, spots: 1 });
    const path = `/maps/${map.currentSlug}`;
    expect((await get(path)).body).not.toContain("Brand new spot");
    await db.insert(spots).values({ mapId: map.id, slug: "brand-new", name: "Brand new spot", lat: 41.4, lng: 2.2, position: 5, isPublished: true });
    expect((await get(path)).body).toContain("Brand new spot");
    await deleteMap(db, ownerId, map.id);
    expect((await get(path)).status).toBe(404);
  });

  it("the home page follows a newly published map at once", async () => {
    await get("/");
    expect((await get("/")).body).not.toContain("Published just now");
    await createMap(db, { title: "Published just now" }, { ownerId, spots: 1 });
    expect((await get("/")).body).toContain("Published just now");
  });

  it("a signed-in owner never gets the anonymous copy, and anonymous visitors never get the owner's", async () => {
    const { map } = await createMap(
      db,
      { title: "Owner and drafts" },
      { ownerId, spots: 2, spotOverrides: (p) => (p === 1 ? { isPublished: false, name: "Draft spot only the owner sees" } : {}) },
    );
    const path = `/maps/${map.currentSlug}`;
    expect((await get(path)).body).not.toContain("Draft spot only the owner sees");
    expect((await get(path, ownerCookie)).body).toContain("Draft spot only the owner sees");
    expect((await get(path)).body).not.toContain("Draft spot only the owner sees");
    // The owner's page is rendered each time: nothing of theirs was kept.
    const before = renders;
    await get(path, ownerCookie);
    expect(renders).toBe(before + 1);
  });
});

describe("a copy served to many visitors", () => {
  it("still counts each visit and gives each new visitor their tracking and attribution cookies", async () => {
    const { map } = await createMap(db, { title: "Counted map" }, { ownerId, spots: 2 });
    const path = `/maps/${map.currentSlug}`;
    await flushViewEvents();
    const visitors = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetchPage(path, CONSENTED);
      await res.text();
      // The app's cookies hold base64 of a JSON value.
      const cookies = new Map(
        res.headers.getSetCookie().map((line) => {
          const [name, value] = line.split(";")[0].split("=");
          return [name, JSON.parse(Buffer.from(decodeURIComponent(value), "base64").toString("utf8")) as string];
        }),
      );
      visitors.push(cookies);
    }
    expect(renders).toBe(1);
    const trackingIds = visitors.map((cookies) => cookies.get("sf_tid"));
    expect(new Set(trackingIds).size).toBe(3);
    for (const cookies of visitors) expect(cookies.get("sf_ref")).toBe(ownerId);
    await flushViewEvents();
    const views = await db.select().from(events).where(eq(events.targetId, map.id));
    expect(views.map((e) => e.type)).toEqual(["map_viewed", "map_viewed", "map_viewed"]);
    expect(new Set(views.map((e) => e.anonymousId))).toEqual(new Set(trackingIds));
  });

  it("a visitor whose session has expired gets the anonymous page and the dead cookie cleared, as without the cache", async () => {
    const { map } = await createMap(db, { title: "Dead cookie map" }, { ownerId, spots: 1 });
    const path = `/maps/${map.currentSlug}`;
    const { user } = await createProfile(db, {}, { email: "expired@cache.example" });
    await enableDemoAccounts(db, ["expired@cache.example"]);
    const { headers } = await createAuthForDatabase(db).api.signInEmail({
      body: { email: "expired@cache.example", password: "spotfolio-demo" },
      headers: new Headers({ "x-spotfolio-client-ip": "203.0.113.10" }),
      returnHeaders: true,
    });
    await db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(session.userId, user.id));
    await get(path);
    const res = await fetchPage(
      path,
      headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; "),
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Dead cookie map");
    expect(res.headers.getSetCookie().join("\n")).toMatch(/session_token=;|session_token=.*Max-Age=0/i);
  });
});

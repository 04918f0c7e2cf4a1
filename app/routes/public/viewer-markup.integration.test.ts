/**
 * Issue 27, ADR 0050: a signed-in viewer's public page is drawn from a copy of the markup drawn for
 * another viewer only when it would be the very same markup, and always carries the viewer's own data.
 * Through the whole server: the copy's document equals the one drawn afresh for the same viewer,
 * byte for byte but the nonce; viewers who differ in what the page shows (a class, a save or a
 * follow on this page, the owner) get markup of their own; nothing of one viewer is in another's.
 */
import { describe, expect, it } from "vitest";
import { creatorSupporters, followers, mapBookmarks, platformSubscriptions } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { clearViewerMarkup, viewerMarkupCount } from "~/modules/page-cache/index.server";
import { appServerBuild } from "../../../tests/setup/app-build";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { setupTestDatabase } from "../../../tests/setup/database";
import { edgeServer, sessionCookie } from "../../../tests/setup/edge-server";
import { stubTestEnv } from "../../../tests/setup/env";

stubTestEnv({ EMAIL_RATE_PER_SECOND: "0", BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth" });
stubDataDir("viewer-markup");
const db = await setupTestDatabase();
const server = await edgeServer(db, { build: await appServerBuild({ documents: true }) });

let n = 0;
async function person(name: string) {
  const email = `vm-${name.toLowerCase().replace(/\s+/g, "-")}-${++n}-${Date.now()}@example.com`;
  const created = await createProfile(db, { displayName: name, isOnboarded: true, handle: `vm${n}_${Date.now() % 100000}` }, { email, name });
  return { id: created.profile.id, email, name, cookie: await sessionCookie(db, email) };
}
const period = { interval: "month" as const, provider: "local" as const, currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) };
async function premium(name: string) {
  const p = await person(name);
  await db.insert(platformSubscriptions).values({ ...period, userId: p.id, status: "active" });
  return p;
}

async function page(path: string, cookie: string) {
  const res = await server.request(path, { headers: { cookie }, redirect: "manual" });
  expect(res.status).toBe(200);
  return res.text();
}
const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');
/** The markup: the document up to React Router's hydration payload. */
const markup = (html: string) => withoutNonces(html.slice(0, html.indexOf("window.__reactRouterContext.streamController.enqueue(")));

async function world() {
  const { profile: creator } = await createCreator(db, { handle: `vmcreator${++n}${Date.now() % 10000}` });
  const { profile: elsewhere } = await createCreator(db, { handle: `vmelse${++n}${Date.now() % 10000}` });
  const { map } = await createMap(
    db,
    { title: "Markup for many" },
    { ownerId: creator.id, spots: 3, spotOverrides: (i) => [{ summary: "OPEN-TEXT" }, { summary: "PREMIUM-TEXT", visibility: "premium" as const }, {}][i]! },
  );
  const { map: other } = await createMap(db, { title: "Another map" }, { ownerId: elsewhere.id, spots: 1 });
  const creatorEmail = (await db.query.user.findFirst({ where: (u, { eq }) => eq(u.id, creator.id) }))!.email;
  return { creator, creatorCookie: await sessionCookie(db, creatorEmail), elsewhere, path: `/maps/${map.currentSlug}`, map, other };
}

describe("a signed-in viewer's page drawn from kept markup", () => {
  it("is the document drawn afresh for that viewer, with their own data, whatever they saved, followed or support elsewhere", async () => {
    const { path, other, elsewhere } = await world();
    clearViewerMarkup();
    // Two Premium members who differ in everything this page does not show: name, address, ids,
    // a saved map, a followed and a supported creator elsewhere.
    const first = await premium("Ana First");
    const second = await premium("Bea Second");
    await db.insert(mapBookmarks).values({ userId: second.id, mapId: other.id });
    await db.insert(followers).values({ userId: second.id, creatorId: elsewhere.id });
    await db.insert(creatorSupporters).values({ ...period, userId: second.id, creatorId: elsewhere.id, status: "active" });

    const drawn = await page(path, first.cookie);
    expect(viewerMarkupCount()).toBe(1);
    const fromCopy = await page(path, second.cookie);
    expect(viewerMarkupCount()).toBe(1);
    expect(markup(fromCopy)).toBe(markup(drawn));
    expect(fromCopy).toContain("PREMIUM-TEXT");
    expect(fromCopy).toContain(second.email);
    expect(fromCopy).toContain(other.id);
    for (const mine of [first.email, first.id, first.name]) expect(fromCopy).not.toContain(mine);
    for (const theirs of [second.email, second.id, second.name, other.id]) expect(drawn).not.toContain(theirs);

    // The same viewer's page drawn again without the copy: the very same document.
    clearViewerMarkup();
    expect(withoutNonces(await page(path, second.cookie))).toBe(withoutNonces(fromCopy));
  });

  it("draws its own markup for a viewer the page shows differently: another class, a save or a follow here, the owner", async () => {
    const { path, map, creator, creatorCookie } = await world();
    clearViewerMarkup();
    const plain = await premium("Cleo Plain");
    const saver = await premium("Dani Saver");
    const follower = await premium("Eva Follower");
    const member = await person("Fran Member");
    await db.insert(mapBookmarks).values({ userId: saver.id, mapId: map.id });
    await db.insert(followers).values({ userId: follower.id, creatorId: creator.id });

    const pages = {
      plain: await page(path, plain.cookie),
      saver: await page(path, saver.cookie),
      follower: await page(path, follower.cookie),
      member: await page(path, member.cookie),
      owner: await page(path, creatorCookie),
    };
    // The owner's copy is keyed by their own id, which their page names: no one else's data can match it.
    expect(viewerMarkupCount()).toBe(5);
    const markups = new Set(Object.values(pages).map(markup));
    expect(markups.size).toBe(5);
    expect(pages.member).not.toContain("PREMIUM-TEXT");
    expect(pages.plain).toContain("PREMIUM-TEXT");

    // Asked again, each is drawn from its own copy, and is what it was.
    for (const [who, cookie] of [
      ["plain", plain.cookie],
      ["saver", saver.cookie],
      ["follower", follower.cookie],
      ["member", member.cookie],
      ["owner", creatorCookie],
    ] as const) {
      expect(withoutNonces(await page(path, cookie))).toBe(withoutNonces(pages[who]));
    }
    expect(viewerMarkupCount()).toBe(5);
  });

  it("keeps the home page's markup too, and each viewer's own data in it", async () => {
    clearViewerMarkup();
    const first = await premium("Gala Home");
    const second = await premium("Hugo Home");
    const drawn = await page("/", first.cookie);
    const fromCopy = await page("/", second.cookie);
    expect(viewerMarkupCount()).toBe(1);
    expect(markup(fromCopy)).toBe(markup(drawn));
    expect(fromCopy).toContain(second.email);
    expect(fromCopy).not.toContain(first.email);
  });
});

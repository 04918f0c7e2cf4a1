/**
 * A creator's feeds through the whole server: the public feed carries public posts only; a
 * member's private feed, made and revoked on /account, carries what that member may read at the
 * moment it is read (a membership that ends takes the gated posts out of it at once), and a
 * revoked or unknown token is a 404. Bodies are the renderer's sanitised HTML; the token never
 * reaches the access log.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { creatorSupporters, feedTokens } from "#db/schema";
import { createCreator, createPost, createProfile } from "#db/seed/factories";
import { resetEnvCache } from "~/lib/env.server";
import { hashFeedToken } from "~/modules/posts/feed-tokens.server";
import { setupTestDatabase } from "../../../tests/setup/database";
import { type EdgeServer, edgeServer, sessionCookie } from "../../../tests/setup/edge-server";

vi.stubEnv("BETTER_AUTH_SECRET", "a-test-secret-that-is-long-enough-for-better-auth");
resetEnvCache();
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

const db = await setupTestDatabase({ reset: "file" });

let server: EdgeServer;
let creatorId: string;
let supporterId: string;
let supporter: string;
let member: string;

const FEED = "/@feedwriter/posts/feed.xml";

beforeAll(async () => {
  const { profile: creator } = await createCreator(db, { handle: "feedwriter", displayName: "Feed Writer" });
  creatorId = creator.id;
  await createPost(db, creator.id, {
    title: "Open to all",
    visibility: "public",
    bodyMarkdown: "Everyone reads this.\n\nPublic body **in bold**.",
    publishedAt: new Date(Date.now() - 3 * 60_000),
  });
  await createPost(db, creator.id, {
    title: "For Premium",
    visibility: "premium",
    bodyMarkdown: "A teaser.\n\nPremium body here.",
    publishedAt: new Date(Date.now() - 2 * 60_000),
  });
  await createPost(db, creator.id, {
    title: "For supporters <img src=x onerror=alert(1)>",
    visibility: "supporters",
    bodyMarkdown: 'A teaser.\n\nSupporters body here. <script>alert("x")</script> [click](javascript:alert(1)) <iframe src="https://evil.example"></iframe>',
    publishedAt: new Date(Date.now() - 60_000),
  });
  await createPost(db, creator.id, { title: "Still a draft", visibility: "public", bodyMarkdown: "Draft body.", publishedAt: null });
  await createPost(db, creator.id, { title: "Not yet", visibility: "public", bodyMarkdown: "Scheduled body.", publishedAt: new Date(Date.now() + 3_600_000) });

  const { user: s } = await createProfile(db, { handle: null }, { email: "feed-supporter@example.com" });
  supporterId = s.id;
  await db.insert(creatorSupporters).values({ userId: s.id, creatorId: creator.id, status: "active", interval: "month", provider: "local" });
  await createProfile(db, { handle: null }, { email: "feed-member@example.com" });
  supporter = await sessionCookie(db, "feed-supporter@example.com");
  member = await sessionCookie(db, "feed-member@example.com");
  server = await edgeServer(db);
}, 120_000);

/** POST to /account's action as a script would (single fetch), answering its encoded data as text. */
async function accountAction(cookie: string, form: Record<string, string>): Promise<{ status: number; text: string }> {
  const response = await server.request("/account.data", {
    method: "POST",
    headers: { Cookie: cookie, Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  return { status: response.status, text: await response.text() };
}

async function makeFeed(cookie: string): Promise<string> {
  const { status, text } = await accountAction(cookie, { intent: "create-feed", creatorId });
  expect(status).toBe(200);
  const path = /http:\/\/localhost(\/feeds\/[A-Za-z0-9_-]{43})/.exec(text)?.[1];
  expect(path, text).toBeTruthy();
  return path!;
}

const get = (path: string, cookie?: string) => server.request(path, { headers: cookie ? { Cookie: cookie } : {} });

/** The entries' titles, in order. */
const titles = (xml: string) => [...xml.matchAll(/<entry>[\s\S]*?<title type="html"><!\[CDATA\[([\s\S]*?)\]\]><\/title>/g)].map((m) => m[1]);

describe("the public feed", () => {
  it("is Atom of the creator's published public posts only, with their bodies, for everyone alike", async () => {
    for (const cookie of [undefined, supporter]) {
      const response = await get(FEED, cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("public, max-age=300");
      const xml = await response.text();
      expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
      expect(xml).toContain("<title>Posts by Feed Writer</title>");
      expect(titles(xml)).toEqual(["Open to all"]);
      expect(xml).toContain("<strong>in bold</strong>");
      expect(xml).toContain(`<link href="http://localhost/@feedwriter/posts/`);
      for (const word of ["Premium body", "Supporters body", "For Premium", "For supporters", "Draft body", "Scheduled body"]) expect(xml).not.toContain(word);
    }
  });

  it("is a 404 for a creator who is not there", async () => {
    expect((await get("/@nobody_here/posts/feed.xml")).status).toBe(404);
  });
});

describe("a member's private feed", () => {
  it("carries what the member may read, made on /account and shown once", async () => {
    const path = await makeFeed(supporter);
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
    const xml = await response.text();
    expect(titles(xml)).toEqual(["For supporters &lt;img src=x onerror=alert(1)&gt;", "For Premium", "Open to all"]);
    expect(xml).toContain("Supporters body here.");
    expect(xml).toContain("Premium body here.");
    // Only the hash is kept.
    const token = path.split("/").pop()!;
    const [row] = await db.select().from(feedTokens).where(eq(feedTokens.userId, supporterId));
    expect(row.tokenHash).toBe(hashFeedToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    // The token never reaches the access log.
    expect(JSON.stringify(server.lines)).not.toContain(token);
    expect(server.lines.some((l) => l.path === "/feeds/[token]")).toBe(true);
  });

  it("renders a body's raw HTML and unsafe links inert", async () => {
    const xml = await (await get(await makeFeed(supporter))).text();
    const entry = /<entry>[\s\S]*?Supporters body here[\s\S]*?<\/entry>/.exec(xml)![0];
    const html = /<content type="html"><!\[CDATA\[([\s\S]*?)\]\]><\/content>/.exec(entry)![1];
    expect(html).toContain("Supporters body here.");
    expect(html).not.toMatch(/<script|<iframe|javascript:|onerror/i);
  });

  it("of a member without a membership carries the public posts only", async () => {
    const xml = await (await get(await makeFeed(member))).text();
    expect(titles(xml)).toEqual(["Open to all"]);
  });

  it("stops carrying the gated posts the moment the membership ends", async () => {
    const path = await makeFeed(supporter);
    expect(titles(await (await get(path)).text())).toHaveLength(3);
    await db
      .update(creatorSupporters)
      .set({ status: "canceled" })
      .where(and(eq(creatorSupporters.userId, supporterId), eq(creatorSupporters.creatorId, creatorId)));
    const xml = await (await get(path)).text();
    expect(titles(xml)).toEqual(["Open to all"]);
    expect(xml).not.toContain("Supporters body");
    expect(xml).not.toContain("Premium body");
    await db
      .update(creatorSupporters)
      .set({ status: "active" })
      .where(and(eq(creatorSupporters.userId, supporterId), eq(creatorSupporters.creatorId, creatorId)));
  });

  it("is listed on /account and dead once revoked there; a newer one replaces an older one", async () => {
    const older = await makeFeed(supporter);
    const path = await makeFeed(supporter);
    expect((await get(older)).status).toBe(404);
    const listing = await (await get("/account.data", supporter)).text();
    expect(listing).toContain("feedwriter");
    const [live] = await db
      .select()
      .from(feedTokens)
      .where(and(eq(feedTokens.userId, supporterId), eq(feedTokens.tokenHash, hashFeedToken(path.split("/").pop()!))));
    expect((await accountAction(member, { intent: "revoke-feed", feedId: live.id })).status).toBe(404);
    expect((await get(path)).status).toBe(200);
    expect((await accountAction(supporter, { intent: "revoke-feed", feedId: live.id })).status).toBe(200);
    expect((await get(path)).status).toBe(404);
  });

  it("is a 404 for an unknown or malformed token, and for a creator who is not there", async () => {
    expect((await get(`/feeds/${"A".repeat(43)}`)).status).toBe(404);
    expect((await get("/feeds/short")).status).toBe(404);
    expect((await accountAction(supporter, { intent: "create-feed", creatorId: "nobody" })).status).toBe(404);
  });
});

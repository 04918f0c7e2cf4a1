/**
 * ADR 0060: an anonymous visitor's current copy of a public page answered before the middleware,
 * over a real loopback socket, through the whole server. What a visitor or an operator could tell
 * apart must not differ from what the whole server gives: the same headers (HSTS and the public
 * address behind the proxy, the embed policy of a map), their own nonce and request id, their
 * own cookies, every visit counted, an access log line; and a change to public content, a gzip
 * request or a request with its own id is answered by the app, as before.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { events } from "#db/schema";
import { createMap, createProfile } from "#db/seed/factories";
import { flushViewEvents } from "~/modules/analytics/track.server";
import { unpublishMap } from "~/modules/maps/map-lifecycle.server";
import { pageCache } from "~/modules/page-cache/index.server";
import { appServerBuild } from "../tests/setup/app-build";
import { stubDataDir } from "../tests/setup/data-dir";
import { setupTestDatabase } from "../tests/setup/database";
import { edgeServer } from "../tests/setup/edge-server";
import { stubTestEnv } from "../tests/setup/env";

stubTestEnv({ EMAIL_RATE_PER_SECOND: "0", BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth" });
stubDataDir("hit-lane");
const db = await setupTestDatabase();
const build = await appServerBuild({ documents: true });
const direct = await edgeServer(db, { build });
// Behind a proxy that terminates TLS: this test's requests come from 127.0.0.1, the trusted proxy.
const proxied = await edgeServer(db, { build, trustedProxies: new Set(["127.0.0.1"]), publicUrl: "https://spotfolio.example", https: true });
const directSocket = await direct.listen();
const proxiedSocket = await proxied.listen();
afterAll(async () => {
  await directSocket.close();
  await proxiedSocket.close();
});

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
/** What a visitor who accepted analytics cookies sends: the consent cookie as the banner writes it. */
const CONSENTED = `sf_consent=${encodeURIComponent(Buffer.from(JSON.stringify("granted")).toString("base64"))}`;
const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');
/** Headers every answer has its own of. */
const PER_REQUEST = new Set(["content-security-policy", "x-request-id", "date", "content-length", "set-cookie", "connection", "keep-alive"]);

type Answer = { status: number; headers: Headers; html: string; byApp: boolean };

/** One request over the socket; whether the app answered it or the lane did. */
async function visit(server: typeof direct, base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const before = server.answeredByApp();
  const res = await fetch(`${base}${path}`, { headers: { "User-Agent": BROWSER, "Accept-Encoding": "identity", ...headers }, redirect: "manual" });
  const html = await res.text();
  return { status: res.status, headers: res.headers, html, byApp: server.answeredByApp() > before };
}

const visitDirect = (path: string, headers?: Record<string, string>) => visit(direct, directSocket.url, path, headers);
const visitProxied = (path: string, headers?: Record<string, string>) => visit(proxied, proxiedSocket.url, path, headers);

/** Everything but the per-request headers is the same, and the policy differs only in its nonce. */
function expectSameHeaders(answer: Answer, reference: Answer) {
  const names = (h: Headers) => [...h.keys()].filter((name) => !PER_REQUEST.has(name)).sort();
  expect(names(answer.headers)).toEqual(names(reference.headers));
  for (const name of names(reference.headers)) expect(answer.headers.get(name), name).toBe(reference.headers.get(name));
  const policy = (a: Answer) => a.headers.get("content-security-policy")?.replace(/'nonce-[^']+'/, "");
  expect(policy(answer)).toBe(policy(reference));
}

/** The page is whole: its length, one nonce and it is the policy's, and the document is the reference's. */
function expectWholePage(answer: Answer, reference: Answer) {
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-length")).toBe(String(Buffer.byteLength(answer.html)));
  const nonces = new Set([...answer.html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]));
  expect([...nonces]).toEqual([nonceOf(answer.headers.get("content-security-policy"))]);
  expect(withoutNonces(answer.html)).toBe(withoutNonces(reference.html));
}

async function publicMap(title: string) {
  const { profile } = await createProfile(db, { isCreator: true, isOnboarded: true, handle: `hl${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}` });
  const { map } = await createMap(db, { title }, { ownerId: profile.id, spots: 3 });
  return { ownerId: profile.id, mapId: map.id, path: `/maps/${map.currentSlug}` };
}

describe("the cache hit lane", () => {
  it("answers a repeat visitor itself, with the headers, nonce policy and document the whole server gave the same copy", async () => {
    const { path } = await publicMap("Laned map");
    pageCache.clear();
    const rendered = await visitDirect(path);
    const servedByApp = await visitDirect(path);
    const laned = [await visitDirect(path), await visitDirect(path)];
    expect([rendered.byApp, servedByApp.byApp]).toEqual([true, true]);
    expect(laned.map((a) => a.byApp)).toEqual([false, false]);
    // A map page may be embedded anywhere (ADR 0016): the lane says so as the middleware did.
    expect(servedByApp.headers.get("content-security-policy")).toContain("frame-ancestors *");
    for (const answer of laned) {
      expectWholePage(answer, rendered);
      expectSameHeaders(answer, servedByApp);
      expect(answer.html).toContain("Spot 3 of Laned map");
    }
    const nonces = [servedByApp, ...laned].map((a) => nonceOf(a.headers.get("content-security-policy")));
    expect(new Set(nonces).size).toBe(3);
    // Each has its own request id, and the access log has a line for it, as for any request.
    const ids = laned.map((a) => a.headers.get("x-request-id") ?? "");
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(direct.lines).toContainEqual(expect.objectContaining({ msg: "request", requestId: id, method: "GET", path, status: 200 }));
    }
  });

  it("behind the trusted proxy, gives each way a visitor came its own headers: HSTS over https only, the public address", async () => {
    const { path } = await publicMap("Proxied map");
    pageCache.clear();
    const https = { "x-forwarded-proto": "https", "x-forwarded-host": "spotfolio.example" };
    const plain = { "x-forwarded-proto": "http", "x-forwarded-host": "spotfolio.example" };
    const overHttps = [await visitProxied(path, https), await visitProxied(path, https), await visitProxied(path, https)];
    const overHttp = [await visitProxied(path, plain), await visitProxied(path, plain), await visitProxied(path, plain)];
    // The first of each way is rendered, the second answered by the app from the cache, the third by the lane.
    expect(overHttps.map((a) => a.byApp)).toEqual([true, true, false]);
    expect(overHttp.map((a) => a.byApp)).toEqual([true, true, false]);
    expect(overHttps[2].headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect(overHttp[2].headers.has("strict-transport-security")).toBe(false);
    expect(overHttps[2].html).toContain("https://spotfolio.example/maps/");
    expect(overHttp[2].html).toContain("http://spotfolio.example/maps/");
    expectSameHeaders(overHttps[2], overHttps[1]);
    expectSameHeaders(overHttp[2], overHttp[1]);
    expectWholePage(overHttps[2], overHttps[0]);
    expectWholePage(overHttp[2], overHttp[0]);
  });

  it("leaves a browser that asks for gzip, and a request with its own id, to the app: compressed, the id echoed", async () => {
    const { path } = await publicMap("Zipped map");
    pageCache.clear();
    await visitDirect(path);
    await visitDirect(path);
    expect((await visitDirect(path)).byApp).toBe(false);
    for (let i = 0; i < 2; i++) {
      const zipped = await visitDirect(path, { "Accept-Encoding": "gzip" });
      expect(zipped.byApp).toBe(true);
      expect(zipped.headers.get("content-encoding")).toBe("gzip");
      expect(zipped.html).toContain("Spot 3 of Zipped map");
    }
    const traced = await visitDirect(path, { "X-Request-Id": "trace-1234" });
    expect(traced.byApp).toBe(true);
    expect(traced.headers.get("x-request-id")).toBe("trace-1234");
  });

  it("counts every visit it answers and gives each new visitor their own tracking and attribution cookies", async () => {
    const { path, mapId, ownerId } = await publicMap("Counted laned map");
    pageCache.clear();
    await flushViewEvents();
    const answers: Answer[] = [];
    for (let i = 0; i < 4; i++) answers.push(await visitDirect(path, { Cookie: CONSENTED }));
    expect(answers.map((a) => a.byApp)).toEqual([true, true, false, false]);
    const cookies = answers.map(
      (a) =>
        new Map(
          a.headers.getSetCookie().map((line) => {
            const [name, value] = line.split(";")[0].split("=");
            return [name, JSON.parse(Buffer.from(decodeURIComponent(value), "base64").toString("utf8")) as string];
          }),
        ),
    );
    const trackingIds = cookies.map((c) => c.get("sf_tid"));
    expect(new Set(trackingIds).size).toBe(4);
    for (const c of cookies) expect(c.get("sf_ref")).toBe(ownerId);
    await flushViewEvents();
    const views = await db
      .select()
      .from(events)
      .where(and(eq(events.targetId, mapId), eq(events.type, "map_viewed")));
    expect(views).toHaveLength(4);
    expect(new Set(views.map((e) => e.anonymousId))).toEqual(new Set(trackingIds));
  });

  it("never answers from a copy older than public content: an unpublished map is gone on the very next request", async () => {
    const { path, mapId, ownerId } = await publicMap("Soon gone map");
    pageCache.clear();
    await visitDirect(path);
    await visitDirect(path);
    expect((await visitDirect(path)).status).toBe(200);
    await unpublishMap(db, ownerId, mapId);
    const gone = await visitDirect(path);
    expect(gone.status).toBe(404);
    expect(gone.byApp).toBe(true);
    expect(gone.html).not.toContain("Spot 3 of Soon gone map");
  });
});

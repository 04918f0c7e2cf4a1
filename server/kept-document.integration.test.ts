/**
 * ADR 0051: a page answered from kept bytes (an anonymous visitor's cached copy, a signed-in
 * viewer's kept markup) is written to the socket as its chunks are. Over a real loopback socket,
 * through the whole server: the document and headers are what the same copy gives when its body
 * is read (as compression and app.request read it), with the request's own nonce in the body and
 * in the policy, an exact Content-Length, and a gzip answer when the browser asks for one.
 */
import { afterAll, describe, expect, it } from "vitest";
import { platformSubscriptions } from "#db/schema";
import { createMap, createProfile } from "#db/seed/factories";
import { clearViewerMarkup, pageCache } from "~/modules/page-cache/index.server";
import { appServerBuild } from "../tests/setup/app-build";
import { stubDataDir } from "../tests/setup/data-dir";
import { setupTestDatabase } from "../tests/setup/database";
import { edgeServer, sessionCookie } from "../tests/setup/edge-server";
import { stubTestEnv } from "../tests/setup/env";

stubTestEnv({ EMAIL_RATE_PER_SECOND: "0", BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth" });
stubDataDir("kept-document");
const db = await setupTestDatabase();
const server = await edgeServer(db, { build: await appServerBuild({ documents: true }) });
const socket = await server.listen();
afterAll(() => socket.close());

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
const withoutNonces = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

/** Over the socket: status, headers and the bytes as they arrived (undecoded). */
async function overSocket(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${socket.url}${path}`, { headers: { "User-Agent": BROWSER, "Accept-Encoding": "identity", ...headers }, redirect: "manual" });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The same request answered in process, its body read as compression or a test would read it. */
async function inProcess(path: string, headers: Record<string, string> = {}) {
  const res = await server.request(`${socket.url}${path}`, { headers: { "User-Agent": BROWSER, ...headers }, redirect: "manual" });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

/** Every nonce the document carries is the one its policy allows, and there is one. */
function expectOneNonce(html: string, csp: string | null) {
  const nonces = new Set([...html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]));
  expect(nonces.size).toBe(1);
  expect([...nonces][0]).toBe(nonceOf(csp));
}

async function publicMap() {
  const { profile } = await createProfile(db, { isCreator: true, isOnboarded: true, handle: `kd${Date.now() % 1_000_000}` });
  const { map } = await createMap(db, { title: "Written as kept" }, { ownerId: profile.id, spots: 3 });
  return `/maps/${map.currentSlug}`;
}

describe("a page answered from kept bytes, over a real socket", () => {
  it("gives an anonymous visitor the cached copy whole, with their own nonce and its exact length", async () => {
    const path = await publicMap();
    pageCache.clear();
    const drawn = await overSocket(path);
    const first = await overSocket(path);
    const second = await overSocket(path);
    const read = await inProcess(path);
    for (const copy of [first, second]) {
      expect(copy.status).toBe(200);
      expect(copy.headers.get("content-length")).toBe(String(copy.bytes.byteLength));
      const html = copy.bytes.toString("utf8");
      expect(html).toContain("Spot 3 of Written as kept");
      expectOneNonce(html, copy.headers.get("content-security-policy"));
      expect(withoutNonces(html)).toBe(withoutNonces(drawn.bytes.toString("utf8")));
      expect(withoutNonces(html)).toBe(withoutNonces(read.body));
    }
    expect(nonceOf(first.headers.get("content-security-policy"))).not.toBe(nonceOf(second.headers.get("content-security-policy")));
    // The headers are every middleware's, as on the copy whose body was read, but the per-request ones.
    const perRequest = new Set(["content-security-policy", "x-request-id", "date", "content-length", "connection", "keep-alive", "transfer-encoding"]);
    const names = (h: Headers) => [...h.keys()].filter((name) => !perRequest.has(name)).sort();
    expect(names(second.headers)).toEqual(names(read.headers));
    for (const name of names(read.headers)) expect(second.headers.get(name)).toBe(read.headers.get(name));
    expect(second.headers.get("content-security-policy")?.replace(/'nonce-[^']+'/, "")).toBe(
      read.headers.get("content-security-policy")?.replace(/'nonce-[^']+'/, ""),
    );
  });

  it("gzips the copy for a browser that asks, the same document inside", async () => {
    const path = await publicMap();
    pageCache.clear();
    const plain = await overSocket(path);
    const zipped = await overSocket(path, { "Accept-Encoding": "gzip" });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    // fetch has taken the gzip off already (it says so in the header it keeps).
    const html = zipped.bytes.toString("utf8");
    expectOneNonce(html, zipped.headers.get("content-security-policy"));
    expect(withoutNonces(html)).toBe(withoutNonces(plain.bytes.toString("utf8")));
  });

  it("gives a signed-in viewer the kept markup with their own data and nonce, whole", async () => {
    const path = await publicMap();
    clearViewerMarkup();
    const member = async (name: string) => {
      const email = `kd-${name.toLowerCase().replace(/\s+/g, "-")}-${Date.now()}@example.com`;
      const { profile } = await createProfile(db, { displayName: name, isOnboarded: true }, { email, name });
      await db
        .insert(platformSubscriptions)
        .values({ userId: profile.id, status: "active", interval: "month", provider: "local", currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) });
      return { email, cookie: await sessionCookie(db, email) };
    };
    const ana = await member("Ana Kept");
    const bea = await member("Bea Kept");
    const drawn = await overSocket(path, { cookie: ana.cookie });
    const copy = await overSocket(path, { cookie: bea.cookie });
    const read = await inProcess(path, { cookie: bea.cookie });
    expect(copy.status).toBe(200);
    expect(copy.headers.get("content-length")).toBe(String(copy.bytes.byteLength));
    const html = copy.bytes.toString("utf8");
    expectOneNonce(html, copy.headers.get("content-security-policy"));
    expect(html).toContain(bea.email);
    expect(html).not.toContain(ana.email);
    expect(drawn.bytes.toString("utf8")).toContain(ana.email);
    expect(withoutNonces(html)).toBe(withoutNonces(read.body));
  });
});

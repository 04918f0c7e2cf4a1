/**
 * Behind a proxy that terminates TLS (issue 28, item 1), in-process: the URL React Router sees
 * carries the visitor's scheme and host when, and only when, the request comes from a trusted
 * proxy. tests/e2e/proxy.spec.ts walks the same through a real TLS proxy and a browser.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createProfile } from "#db/seed/factories";
import { resetEnvCache } from "~/lib/env.server";
import type { Database } from "~/lib/db.server";
import { enableDemoAccounts } from "~/modules/auth/demo-accounts.server";
import { getTestDb } from "../tests/setup/database";
import { type EdgeServer, edgeServer } from "../tests/setup/edge-server";

vi.stubEnv("BETTER_AUTH_SECRET", "a-test-secret-that-is-long-enough-for-better-auth");
// Every request here comes from two addresses: the limits are not what is tested.
vi.stubEnv("RATE_LIMITS", "off");
resetEnvCache();
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

const PROXY = "127.0.0.1";
const STRANGER = "198.51.100.20";
const EMAIL = "proxied@example.com";

let db: Database;
let server: EdgeServer;

beforeAll(async () => {
  db = await getTestDb();
  await createProfile(db, { handle: "proxied" }, { email: EMAIL });
  await enableDemoAccounts(db, [EMAIL]);
  server = await edgeServer(db, { trustedProxies: new Set([PROXY]), publicUrl: "https://spotfolio.example", https: true });
}, 120_000);

/** The sign-in form of /auth as a browser on https://spotfolio.example posts it, as the proxy passes it on. */
function signInPost(forwarded: Record<string, string>, data = false): [string, RequestInit] {
  return [
    `http://spotfolio.example/auth${data ? ".data" : ""}`,
    {
      method: "POST",
      headers: { origin: "https://spotfolio.example", "content-type": "application/x-www-form-urlencoded", ...forwarded },
      body: new URLSearchParams({ intent: "login", mode: "page", redirectTo: "/", email: EMAIL, password: "spotfolio-demo" }).toString(),
    },
  ];
}

describe("the request URL behind a TLS-terminating proxy", () => {
  it("a page form posted through the trusted proxy (https Origin, http to us) signs in, as a document and as .data", async () => {
    const document = await server.request(...signInPost({ "x-forwarded-proto": "https" }), PROXY);
    expect(document.status).toBe(302);
    expect(document.headers.getSetCookie().join()).toContain("session_token");
    const data = await server.request(...signInPost({ "x-forwarded-proto": "https" }, true), PROXY);
    expect(data.status).toBe(202);
    expect(data.headers.getSetCookie().join()).toContain("session_token");
  });

  it("the proxy's X-Forwarded-Host is the host too (a proxy that sends its upstream's Host)", async () => {
    const [url, init] = signInPost({ "x-forwarded-proto": "https", "x-forwarded-host": "spotfolio.example" });
    const answer = await server.request(url.replace("spotfolio.example", "127.0.0.1:3000"), init, PROXY);
    expect(answer.status).toBe(302);
  });

  it("the same headers from anyone else are not believed: the URL stays http, and the form is refused", async () => {
    const answer = await server.request(...signInPost({ "x-forwarded-proto": "https" }), STRANGER);
    expect(answer.status).toBe(400);
    expect(answer.headers.getSetCookie().join()).not.toContain("session_token");
    // Nor is another host: its origin is not ours.
    const [url, init] = signInPost({ "x-forwarded-proto": "https", "x-forwarded-host": "evil.example", origin: "https://evil.example" });
    expect((await server.request(url, init, STRANGER)).status).toBe(403);
  });

  it("HSTS only on requests that came over https: the proxy's word counts, a stranger's does not", async () => {
    const from = (ip: string) => server.request("http://spotfolio.example/healthz", { headers: { "x-forwarded-proto": "https" } }, ip);
    expect((await from(PROXY)).headers.get("strict-transport-security")).toContain("max-age=");
    expect((await from(STRANGER)).headers.get("strict-transport-security")).toBeNull();
  });
});

describe("addresses built from the request (no PUBLIC_URL)", () => {
  let local: EdgeServer;
  beforeAll(async () => {
    local = await edgeServer(db, { trustedProxies: new Set([PROXY]) });
  });

  const sitemapLine = async (ip: string, headers: Record<string, string>) =>
    (await (await local.request("http://localhost:3000/robots.txt", { headers }, ip)).text()).split("\n").find((l) => l.startsWith("Sitemap:"));

  it("name the public scheme and host given by the trusted proxy", async () => {
    expect(await sitemapLine(PROXY, { "x-forwarded-proto": "https", "x-forwarded-host": "spotfolio.example" })).toBe(
      "Sitemap: https://spotfolio.example/sitemap.xml",
    );
    // A chain of proxies: the first entry is what the visitor used.
    expect(await sitemapLine(PROXY, { "x-forwarded-proto": "https, http", "x-forwarded-host": "spotfolio.example, internal:8080" })).toBe(
      "Sitemap: https://spotfolio.example/sitemap.xml",
    );
  });

  it("are never taken from a stranger's headers, nor from a forwarded host that is not a host", async () => {
    expect(await sitemapLine(STRANGER, { "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" })).toBe(
      "Sitemap: http://localhost:3000/sitemap.xml",
    );
    for (const host of ["evil.example/path", "user@evil.example", "evil.example\\x", "", "evil example"]) {
      expect(await sitemapLine(PROXY, { "x-forwarded-host": host })).toBe("Sitemap: http://localhost:3000/sitemap.xml");
    }
    expect(await sitemapLine(PROXY, { "x-forwarded-proto": "javascript" })).toBe("Sitemap: http://localhost:3000/sitemap.xml");
  });
});

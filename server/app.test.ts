import { gunzipSync } from "node:zlib";
import type { LoaderFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { dbContext } from "../app/lib/db-context.server";
import type { Database } from "../app/lib/db.server";
import { postHogConfig, postHogOrigins } from "../app/modules/analytics/posthog-config";
import { parseEnv } from "../app/lib/env.server";
import { basemapSettings } from "../app/modules/basemap/index.server";
import { testServerBuild } from "../tests/setup/server-build";
import { bareApp } from "../tests/setup/bare-app";
import type { AppOptions } from "./app";

// Its database is never queried: these requests are answered before React Router.
const app = bareApp;

async function csp(extra?: Partial<AppOptions>): Promise<Record<string, string>> {
  const response = await app(extra).request("/healthz");
  const header = response.headers.get("content-security-policy") ?? "";
  return Object.fromEntries(
    header
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(" ")[0], d.slice(d.indexOf(" ") + 1)]),
  );
}

describe("the CSP and PostHog", () => {
  it("allows no analytics host when PostHog is off", async () => {
    const policy = await csp({ analyticsOrigins: postHogOrigins(postHogConfig(undefined, "https://eu.i.posthog.com")) });
    expect(policy["script-src"]).toMatch(/^'self' 'nonce-[^']+'$/);
    expect(policy["connect-src"]).toBe("'self'");
  });

  it("allows PostHog's API and assets hosts for scripts and connections when it is configured", async () => {
    const policy = await csp({ analyticsOrigins: postHogOrigins(postHogConfig("phc_key", "https://eu.i.posthog.com")) });
    expect(policy["script-src"]).toMatch(/^'self' 'nonce-[^']+' https:\/\/eu\.i\.posthog\.com https:\/\/eu-assets\.i\.posthog\.com$/);
    expect(policy["connect-src"]).toBe("'self' https://eu.i.posthog.com https://eu-assets.i.posthog.com");
  });
});

describe("the CSP and the basemap (issue 26, item 1)", () => {
  /** connect-src with the basemap of these settings, as server/index.ts hands it to the app. */
  const connectSrc = async (variables: Record<string, string>) =>
    (await csp({ mapOrigins: basemapSettings(parseEnv(variables)).connectOrigins }))["connect-src"];

  it("names exactly OpenFreeMap's host with no setting: its style, TileJSON, tiles, glyphs and sprites are all there", async () => {
    expect(await connectSrc({})).toBe("'self' https://tiles.openfreemap.org");
    expect(await connectSrc({ MAP_STYLE_URL: "" })).toBe("'self' https://tiles.openfreemap.org");
  });

  it("names no map host with MAP_STYLE_URL=off, nor with a self-hosted archive (served by the app itself)", async () => {
    expect(await connectSrc({ MAP_STYLE_URL: "off" })).toBe("'self'");
    expect(await connectSrc({ BASEMAP_PMTILES: "basemap/planet.pmtiles" })).toBe("'self'");
    expect(await connectSrc({ BASEMAP_PMTILES: "https://bucket.example.com/planet.pmtiles" })).toBe("'self'");
  });

  it("names a MAP_STYLE_URL style's own origin and the MAP_STYLE_HOSTS listed with it, and no other https host", async () => {
    expect(await connectSrc({ MAP_STYLE_URL: "https://maps.example.com/styles/streets.json" })).toBe("'self' https://maps.example.com");
    expect(
      await connectSrc({
        MAP_STYLE_URL: "https://maps.example.com/styles/streets.json",
        MAP_STYLE_HOSTS: "https://tiles.example.com, https://fonts.example.com:8443",
      }),
    ).toBe("'self' https://maps.example.com https://tiles.example.com https://fonts.example.com:8443");
  });
});

describe("the database in the router context", () => {
  it("hands every request's loaders the server's database", async () => {
    const db = {} as Database;
    const seen: Database[] = [];
    const build = testServerBuild(
      { default: () => null },
      {
        probe: {
          path: "probe",
          module: {
            loader: ({ context }: LoaderFunctionArgs) => {
              seen.push(context.get(dbContext));
              return Response.json({ ok: true });
            },
          },
        },
      },
    );
    const server = app({ build, db });
    // What @hono/node-server hands the app about the connection.
    const env = { incoming: { socket: { remoteAddress: "127.0.0.1", remotePort: 50000, remoteFamily: "IPv4" } } };
    expect((await server.request("/probe", {}, env)).status).toBe(200);
    expect((await server.request("/probe", {}, env)).status).toBe(200);
    expect(seen).toHaveLength(2);
    expect(seen.every((d) => d === db)).toBe(true);
  });
});

describe("framing", () => {
  const page = { loader: () => new Response("page", { headers: { "Content-Type": "text/html" } }) };
  const build = testServerBuild(
    { default: () => null },
    {
      maps: { path: "maps", module: page },
      map: { path: "maps/:mapId", module: page },
      spot: { path: "maps/:mapId/spots/:spotId", module: page },
      studio: { path: "studio/maps", module: page },
      home: { path: "", module: page },
    },
  );
  const env = { incoming: { socket: { remoteAddress: "127.0.0.1", remotePort: 50000, remoteFamily: "IPv4" } } };
  const framing = async (path: string) => {
    const response = await app({ build }).request(path, {}, env);
    expect(response.status, path).toBe(200);
    const policy = response.headers.get("content-security-policy") ?? "";
    return { ancestors: policy.match(/frame-ancestors ([^;]+)/)?.[1], xfo: response.headers.get("x-frame-options") };
  };

  it("lets any site embed a public map page and its spots (the embed code), and nothing else", async () => {
    expect(await framing("/maps/rome-slow-and-eternal")).toEqual({ ancestors: "*", xfo: null });
    expect(await framing("/maps/rome-slow-and-eternal/spots/pantheon")).toEqual({ ancestors: "*", xfo: null });
    for (const path of ["/maps", "/studio/maps", "/"]) expect(await framing(path), path).toEqual({ ancestors: "'none'", xfo: "SAMEORIGIN" });
  });
});

describe("HSTS (issue 16, item 13)", () => {
  const hsts = "max-age=31536000; includeSubDomains";
  const socket = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress, remotePort: 50000, remoteFamily: "IPv4" } } });

  it("is never sent over plain http, even on an https site", async () => {
    const server = app({ https: true, trustedProxies: new Set(["10.0.0.1"]) });
    expect((await server.request("http://spotfolio.example/healthz", {}, socket("203.0.113.9"))).headers.get("strict-transport-security")).toBeNull();
    // A client claiming https itself is not a proxy we trust.
    const spoofed = await server.request("http://spotfolio.example/healthz", { headers: { "X-Forwarded-Proto": "https" } }, socket("203.0.113.9"));
    expect(spoofed.headers.get("strict-transport-security")).toBeNull();
  });

  it("is sent over https: the request's own scheme, or a configured proxy's X-Forwarded-Proto", async () => {
    const server = app({ https: true, trustedProxies: new Set(["10.0.0.1"]) });
    expect((await server.request("https://spotfolio.example/healthz", {}, socket("203.0.113.9"))).headers.get("strict-transport-security")).toBe(hsts);
    const proxied = await server.request("http://spotfolio.example/healthz", { headers: { "X-Forwarded-Proto": "https" } }, socket("10.0.0.1"));
    expect(proxied.headers.get("strict-transport-security")).toBe(hsts);
  });

  it("is not sent by a site that is not served over https", async () => {
    const server = app({ https: false });
    expect((await server.request("https://localhost/healthz", {}, socket("127.0.0.1"))).headers.get("strict-transport-security")).toBeNull();
  });
});

describe("/readyz", () => {
  it("says where rate limits are counted, and stays ready when Redis is down (the limits hold in memory)", async () => {
    const response = await app({ rateLimits: async () => "memory (Redis unreachable)" }).request("/readyz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ready", database: true, rateLimits: "memory (Redis unreachable)" });
  });

  it("is 503 when the database does not answer", async () => {
    const response = await app({ ready: async () => false, rateLimits: async () => "redis" }).request("/readyz");
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: "unavailable", rateLimits: "redis" });
  });
});

describe("writes from other origins (issue 16, item 5)", () => {
  const socket = (remoteAddress = "127.0.0.1") => ({ incoming: { socket: { remoteAddress, remotePort: 50000, remoteFamily: "IPv4" } } });
  function probeApp(extra: Partial<AppOptions> = {}) {
    const writes: string[] = [];
    // A resource route (no component), as the API routes are: React Router's own Origin check skips those.
    const resource = (name: string) => ({
      action: async ({ request }: LoaderFunctionArgs) => {
        writes.push(`${name} ${request.method}`);
        return Response.json({ ok: true });
      },
    });
    const build = testServerBuild(
      { default: () => null },
      {
        bookmarks: { path: "api/bookmarks", module: resource("bookmarks") },
        webhook: { path: "api/webhooks/stripe", module: resource("webhook") },
      },
    );
    return { server: app({ build, ...extra }), writes };
  }
  const post = (headers: Record<string, string>, method = "POST") => ({ method, headers, body: "kind=map" }) satisfies RequestInit;

  it("refuses a POST, PUT, PATCH or DELETE from another port of the same host or another site, before the route runs", async () => {
    const { server, writes } = probeApp();
    for (const origin of ["http://localhost:4417", "https://evil.example", "null", "http://localhost"]) {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        const response = await server.request("http://localhost:4416/api/bookmarks", post({ Origin: origin }, method), socket());
        expect(response.status, `${method} from ${origin}`).toBe(403);
        expect(await response.text()).toBe("This request came from another site and was refused.");
      }
    }
    // No Origin, but the browser says the request crosses sites.
    for (const site of ["cross-site", "same-site"]) {
      expect((await server.request("http://localhost:4416/api/bookmarks", post({ "Sec-Fetch-Site": site }), socket())).status).toBe(403);
    }
    expect(writes).toEqual([]);
  });

  it("lets the site's own pages write, and clients that are not browsers", async () => {
    const { server, writes } = probeApp({ publicUrl: "https://spotfolio.example" });
    const ok = async (url: string, headers: Record<string, string>) => (await server.request(url, post(headers), socket())).status;
    expect(await ok("http://localhost:4416/api/bookmarks", { Origin: "http://localhost:4416" })).toBe(200);
    expect(await ok("http://localhost:4416/api/bookmarks", { "Sec-Fetch-Site": "same-origin" })).toBe(200);
    expect(await ok("http://localhost:4416/api/bookmarks", {})).toBe(200);
    // Behind a proxy that terminates TLS: the public address is ours.
    expect(await ok("http://spotfolio.example/api/bookmarks", { Origin: "https://spotfolio.example" })).toBe(200);
    expect(writes).toHaveLength(4);
  });

  it("believes X-Forwarded-Proto only from a configured proxy", async () => {
    const { server } = probeApp({ trustedProxies: new Set(["10.0.0.1"]) });
    const init = post({ Origin: "https://app.example", "X-Forwarded-Proto": "https" });
    expect((await server.request("http://app.example/api/bookmarks", init, socket("10.0.0.1"))).status).toBe(200);
    expect((await server.request("http://app.example/api/bookmarks", init, socket("203.0.113.9"))).status).toBe(403);
  });

  it("exempts the Stripe webhook, which Stripe's servers call (its signature authenticates it)", async () => {
    const { server, writes } = probeApp();
    expect((await server.request("http://localhost:4416/api/webhooks/stripe", post({ Origin: "https://stripe.example" }), socket())).status).toBe(200);
    expect(writes).toEqual(["webhook POST"]);
  });
});

describe("compression and Vary", () => {
  const text = "A page long enough to be worth compressing. ".repeat(100);
  const build = testServerBuild(
    { default: () => null },
    { page: { path: "guide", module: { loader: () => new Response(text, { headers: { "Content-Type": "text/html; charset=utf-8" } }) } } },
  );
  const env = { incoming: { socket: { remoteAddress: "127.0.0.1", remotePort: 50000, remoteFamily: "IPv4" } } };

  it("a page says once that it varies by Accept-Encoding, whether it was compressed or not", async () => {
    const plain = await app({ build }).request("/guide", {}, env);
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(text);

    const gzipped = await app({ build }).request("/guide", { headers: { "Accept-Encoding": "gzip" } }, env);
    expect(gzipped.headers.get("vary")).toBe("Accept-Encoding");
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString("utf8")).toBe(text);
  });
});

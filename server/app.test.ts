import pino from "pino";
import type { LoaderFunctionArgs, ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { dbContext } from "../app/lib/db-context.server";
import type { Database } from "../app/lib/db.server";
import { postHogConfig, postHogOrigins } from "../app/modules/analytics/posthog-config";
import { testServerBuild } from "../tests/setup/server-build";
import { createApp, type AppOptions } from "./app";

function app(extra: Partial<AppOptions> = {}) {
  return createApp({
    build: { assets: { version: "test" } } as unknown as ServerBuild,
    clientDir: "build/client",
    mode: "test",
    log: pino({ level: "silent" }),
    // Never queried: these requests are answered before React Router.
    db: {} as Database,
    trustedProxies: new Set(),
    ready: async () => true,
    isShuttingDown: () => false,
    https: false,
    ...extra,
  });
}

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

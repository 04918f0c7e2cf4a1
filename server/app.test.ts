import pino from "pino";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import type { Database } from "../app/lib/db.server";
import { postHogConfig, postHogOrigins } from "../app/modules/analytics/posthog-config";
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

import { expect, test } from "@playwright/test";
import { demoMaps } from "../../db/seed/demo-content";
import { startServer } from "./support/server";

test.describe("server process", () => {
  test("refuses to start with a bad setting, naming the variable", async () => {
    const server = await startServer({ PORT: "eighty", INFO_EMAIL: "nope" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("Invalid environment");
    expect(server.output()).toMatch(/PORT: /);
    expect(server.output()).toMatch(/INFO_EMAIL: /);
  });

  test("gives up on an unreachable database after DB_CONNECT_TIMEOUT_MS with one line naming DATABASE_URL", async () => {
    // Nothing listens on port 1: every connection attempt is refused at once.
    const server = await startServer({
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/spotfolio",
      DB_CONNECT_TIMEOUT_MS: "1500",
    });
    const started = Date.now();
    expect(await server.exited).toBe(1);
    // It kept trying for the configured while instead of failing on the first refusal.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
    const output = server.output();
    expect(output).toMatch(/DATABASE_URL/);
    // One clear line for the operator, not a stack trace.
    expect(output).not.toMatch(/\n\s+at /);
    expect(
      output
        .trim()
        .split("\n")
        .filter((line) => line.includes("DATABASE_URL")),
    ).toHaveLength(1);
    // The password-free URL only: a connection string's credentials never reach the log.
    expect(output).toContain("127.0.0.1:1");
  });

  test("drains and exits cleanly on SIGTERM", async () => {
    test.setTimeout(120_000);
    const server = await startServer({ SEED_DEMO: "off" });
    try {
      await server.ready(100_000);
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain("shutdown complete");
      await expect(fetch(`http://127.0.0.1:${server.port}/healthz`)).rejects.toThrow();
    } finally {
      await server.stop();
    }
  });
});

test("the sitemap lists the published demo maps and never the unpublished one", async ({ request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  expect(xml).toContain("<urlset");
  expect(xml).toMatch(/<loc>http:\/\/localhost:\d+\/maps\/[a-z0-9-]+<\/loc>/);
  expect(xml).toContain("/info/creator-compensation</loc>");
  expect(xml).toMatch(/\/@[a-z0-9_]+<\/loc>/);
  expect(xml).toMatch(/\/destinations\/\d+<\/loc>/);
  expect(xml).toMatch(/\/discover\/[a-z]+\/[a-z0-9-]+<\/loc>/);
  expect(xml).not.toContain("/maps/porto-riverside-notes");
  // Every published demo map (other specs publish maps of their own meanwhile: those may be listed too).
  const listed = new Set((xml.match(/\/maps\/[a-z0-9-]+(?=<\/loc>)/g) ?? []).map((loc) => loc.slice("/maps/".length)));
  const published = demoMaps.filter((map) => map.published !== false).map((map) => map.slug);
  expect(published).toHaveLength(12);
  expect(published.filter((slug) => !listed.has(slug))).toEqual([]);
});

test("the home page shows the demo content", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Featured maps" })).toBeVisible();
  await expect(page.locator('section[aria-labelledby="featured-maps"] li')).toHaveCount(8);
  await expect(page.getByRole("heading", { name: "Destinations" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Barcelona/ }).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Creators" })).toBeVisible();
});

import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { rmSync } from "node:fs";
import { buildTestArchive, testTile, writeTestArchive } from "../setup/pmtiles-archive";
import { signIn } from "./support/fixtures";
import { startMap } from "./support/map";
import { type Server, startServer } from "./support/server";
import { hydrated } from "./support/hydration";

// Streets by default, offline still working (issue 26, item 1). There is no internet here: the test plays
// OpenFreeMap by answering the browser's requests to it (page.route), and a server of the test's own serves a
// PMTiles archive the test builds. The main test server draws the offline basemap only (MAP_STYLE_URL=off).

const OPENFREEMAP = "https://tiles.openfreemap.org";
const STYLE_URL = `${OPENFREEMAP}/styles/liberty`;
const ARCHIVE = "/basemap/tiles.pmtiles";

/** A creator's published map of a few spots on the server at `origin`; a browser context there. */
async function mapOn(browser: Browser, origin: string): Promise<{ context: BrowserContext; page: Page; path: string; title: string }> {
  const context = await browser.newContext({ baseURL: origin });
  const account = await signIn(context, "creator", { spots: 4, title: "Streets of Gràcia" });
  const [map] = account.maps;
  return { context, page: await context.newPage(), path: `/maps/${map.slug}`, title: map.title };
}

/** Every host other than the app's that the page asked for anything. */
function hostsAsked(page: Page, origin: string): Set<string> {
  const hosts = new Set<string>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin && url.protocol.startsWith("http")) hosts.add(url.origin);
  });
  return hosts;
}

test.describe("with no MAP_STYLE_URL: OpenFreeMap's street map, the offline basemap when it does not answer", () => {
  test.describe.configure({ mode: "serial", timeout: 150_000 });
  let server: Server | undefined;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    server = await startServer({ LOG_LEVEL: "warn", SEED_DEMO: "off", E2E_FIXTURES: "on", RATE_LIMIT_WRITES_PER_IP: "100000" });
    await server.ready(120_000);
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test("the page's preview asks no tile host; the map asks for the public style and, when it fails, draws the offline basemap", async ({ browser }) => {
    const { context, page, path, title } = await mapOn(browser, server!.origin);
    const asked: string[] = [];
    await page.route(`${OPENFREEMAP}/**`, (route) => {
      asked.push(route.request().url());
      return route.abort("internetdisconnected");
    });
    const hosts = hostsAsked(page, server!.origin);

    await page.goto(path);
    await hydrated(page);
    await expect(page.getByTestId("map-preview")).toBeVisible();
    // The server-rendered preview is the offline basemap, drawn by the app.
    expect([...hosts]).toEqual([]);

    const map = page.getByRole("region", { name: `Map of ${title}` });
    await startMap(map);
    // The browser was let ask (the CSP names OpenFreeMap's host), and asked for the style.
    expect(asked[0]).toBe(STYLE_URL);
    await expect(map.locator("[data-basemap=offline]")).toBeAttached();
    await expect(map.locator("[data-map-pin], [data-map-cluster]").first()).toBeVisible();
    await expect(map.getByText("Natural Earth")).toBeAttached();
    await expect(map.getByText(/MAP_STYLE_URL/)).toHaveCount(0);
    expect([...hosts]).toEqual([OPENFREEMAP]);
    await context.close();
  });

  test("when OpenFreeMap answers, its style and tiles are drawn, with its credit", async ({ browser }) => {
    const { context, page, path, title } = await mapOn(browser, server!.origin);
    const tile = Buffer.from(testTile());
    const tiles: string[] = [];
    // A small style of the same shape as liberty: a vector source by TileJSON, on OpenFreeMap's one host.
    await page.route(`${OPENFREEMAP}/**`, (route) => {
      const url = route.request().url();
      if (url === STYLE_URL)
        return route.fulfill({
          json: {
            version: 8,
            sources: { openmaptiles: { type: "vector", url: `${OPENFREEMAP}/planet` } },
            layers: [
              { id: "background", type: "background", paint: { "background-color": "#f8f4f0" } },
              { id: "earth", type: "fill", source: "openmaptiles", "source-layer": "earth", paint: { "fill-color": "#e8e0d8" } },
              { id: "water", type: "fill", source: "openmaptiles", "source-layer": "water", paint: { "fill-color": "#9ebdff" } },
              { id: "roads", type: "line", source: "openmaptiles", "source-layer": "roads", paint: { "line-color": "#ffffff" } },
            ],
          },
        });
      if (url === `${OPENFREEMAP}/planet`)
        return route.fulfill({ json: { tilejson: "3.0.0", tiles: [`${OPENFREEMAP}/planet/test/{z}/{x}/{y}.pbf`], minzoom: 0, maxzoom: 14 } });
      if (url.startsWith(`${OPENFREEMAP}/planet/test/`)) {
        tiles.push(url);
        return route.fulfill({ body: tile, contentType: "application/x-protobuf" });
      }
      return route.fulfill({ status: 404 });
    });
    const hosts = hostsAsked(page, server!.origin);

    await page.goto(path);
    const map = page.getByRole("region", { name: `Map of ${title}` });
    await startMap(map);
    await expect(map.locator("[data-basemap=street]")).toBeAttached();
    expect(tiles.length).toBeGreaterThan(0);
    await expect(map.locator(".maplibregl-canvas")).toBeVisible();
    await expect(map.locator("[data-map-pin], [data-map-cluster]").first()).toBeVisible();
    // OpenFreeMap's credit: OpenFreeMap, OpenMapTiles, OpenStreetMap.
    const credit = map.locator(".maplibregl-ctrl-attrib-inner");
    await expect(credit).toContainText("OpenFreeMap");
    await expect(credit).toContainText("© OpenMapTiles");
    await expect(credit).toContainText("© OpenStreetMap contributors");
    expect([...hosts]).toEqual([OPENFREEMAP]);
    await context.close();
  });

  test("when OpenFreeMap's style comes but its tiles do not, the offline basemap takes over under the spots", async ({ browser }) => {
    const { context, page, path, title } = await mapOn(browser, server!.origin);
    await page.route(`${OPENFREEMAP}/**`, (route) =>
      route.request().url() === STYLE_URL
        ? route.fulfill({
            json: {
              version: 8,
              sources: { openmaptiles: { type: "vector", tiles: [`${OPENFREEMAP}/planet/test/{z}/{x}/{y}.pbf`], maxzoom: 14 } },
              layers: [{ id: "earth", type: "fill", source: "openmaptiles", "source-layer": "earth", paint: { "fill-color": "#e8e0d8" } }],
            },
          })
        : route.fulfill({ status: 503, body: "busy" }),
    );
    await page.goto(path);
    const map = page.getByRole("region", { name: `Map of ${title}` });
    await startMap(map);
    await expect(map.locator("[data-basemap=offline]")).toBeAttached();
    await expect(map.getByText("Natural Earth")).toBeAttached();
    await expect(map.locator("[data-map-pin], [data-map-cluster]").first()).toBeVisible();
    await context.close();
  });
});

test.describe("with BASEMAP_PMTILES: the self-hosted archive, by range requests to the app alone", () => {
  test.describe.configure({ mode: "serial", timeout: 150_000 });
  let server: Server | undefined;
  const archive = writeTestArchive();

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    server = await startServer({ LOG_LEVEL: "warn", SEED_DEMO: "off", E2E_FIXTURES: "on", BASEMAP_PMTILES: archive.file, RATE_LIMIT_WRITES_PER_IP: "100000" });
    await server.ready(120_000);
  });

  test.afterAll(async () => {
    await server?.stop();
    rmSync(archive.dir, { recursive: true, force: true });
  });

  test("the map reads the archive by ranges (206) and draws it, asking no other host", async ({ browser }) => {
    const { context, page, path, title } = await mapOn(browser, server!.origin);
    const reads: { range: string | undefined; status: number }[] = [];
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === ARCHIVE) reads.push({ range: response.request().headers()["range"], status: response.status() });
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const hosts = hostsAsked(page, server!.origin);

    await page.goto(path);
    const map = page.getByRole("region", { name: `Map of ${title}` });
    await startMap(map);
    await expect(map.locator("[data-basemap=self-hosted]")).toBeAttached();
    await expect(map.locator(".maplibregl-canvas")).toBeVisible();
    await expect(map.locator("[data-map-pin], [data-map-cluster]").first()).toBeVisible();
    await expect(map.locator(".maplibregl-ctrl-attrib-inner")).toContainText("Protomaps");

    // The header and directory first, then tiles from the tile data: each a range, each answered 206.
    expect(reads.length).toBeGreaterThanOrEqual(2);
    for (const read of reads) {
      expect(read.range).toMatch(/^bytes=\d+-\d+$/);
      expect(read.status).toBe(206);
    }
    expect(reads[0].range).toBe("bytes=0-16383");
    const { tileDataOffset } = buildTestArchive();
    expect(reads.some((read) => Number(/^bytes=(\d+)-/.exec(read.range!)![1]) >= tileDataOffset)).toBe(true);
    // No host but the app's, and nothing thrown.
    expect(errors).toEqual([]);
    expect([...hosts]).toEqual([]);
    await context.close();
  });
});

test("a server whose BASEMAP_PMTILES archive is missing stops at start with one line naming it", async () => {
  const server = await startServer({ SEED_DEMO: "off", BASEMAP_PMTILES: "basemap/planet.pmtiles" });
  try {
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/BASEMAP_PMTILES: no archive at \S*basemap\/planet\.pmtiles/);
    expect(server.output()).not.toMatch(/\n\s+at /);
  } finally {
    await server.stop();
  }
});

/**
 * Places by name in the Studio map editor (issue 26): a creator adds "Sagrada Família" by pasting
 * its Google Maps link and by typing its name, and picks one of their own spots to select it.
 * The geocoder is a Photon-compatible HTTP server started here (GET /api/?q=&lat=&lon=&limit=&lang=,
 * a GeoJSON FeatureCollection), and the app a server of this spec's own with GEOCODER_URL at it.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { signIn } from "./support/fixtures";
import { type Server, startServer } from "./support/server";
import { hydrated } from "./support/hydration";

const SAGRADA_URL =
  "https://www.google.com/maps/place/Sagrada+Fam%C3%ADlia/@41.4036299,2.1743558,17z/data=!3m1!4b1!4m6!3m5!1s0x12a4a2dcd83dfb93:0x9bd8aac21bc3c950!8m2!3d41.4036299!4d2.1743558";
/** The CID of the link's feature id (its second half, 0x9bd8aac21bc3c950, in decimal). */
const SAGRADA_CID = "11229913421514525008";

let photon: HttpServer;
let photonDown = false;
const asked: URLSearchParams[] = [];
let app: Server;

const plain = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

test.describe("places by name in the Studio map editor", () => {
  test.describe.configure({ mode: "serial", timeout: 150_000 });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    photon = createServer((req, res) => {
      const url = new URL(req.url!, "http://localhost");
      asked.push(url.searchParams);
      if (photonDown) return void res.writeHead(503).end("busy");
      const features = plain(url.searchParams.get("q") ?? "").startsWith("sagrada")
        ? [
            {
              type: "Feature",
              geometry: { type: "Point", coordinates: [2.1743558, 41.4036299] },
              properties: {
                osm_id: 24307592,
                osm_type: "W",
                name: "Sagrada Família",
                street: "Carrer de Mallorca",
                housenumber: "401",
                city: "Barcelona",
                country: "Spain",
              },
            },
          ]
        : [];
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ type: "FeatureCollection", features }));
    });
    await new Promise<void>((resolve) => photon.listen(0, "127.0.0.1", resolve));
    const { port } = photon.address() as AddressInfo;
    app = await startServer({
      LOG_LEVEL: "warn",
      SEED_DEMO: "off",
      E2E_FIXTURES: "on",
      GEOCODER_URL: `http://127.0.0.1:${port}/api/`,
      GEOCODER_MIN_INTERVAL_MS: "0",
      RATE_LIMIT_AUTH_PER_IP: "100000",
      RATE_LIMIT_WRITES_PER_IP: "100000",
    });
    await app.ready(150_000);
  });

  test.afterAll(async () => {
    await app?.stop();
    photon?.closeAllConnections();
    await new Promise((resolve) => photon?.close(resolve));
  });

  test.beforeEach(() => {
    asked.length = 0;
    photonDown = false;
  });

  /** A creator of this test's own with a new, empty map, its editor open, on the spec's server. */
  async function newMap(browser: Browser, storageState: unknown): Promise<{ page: Page; mapId: string }> {
    const context = await browser.newContext({ baseURL: app.origin, storageState: storageState as never, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, "creator", { prefix: "places", maps: 0 });
    await page.goto("/studio/maps");
    await page.getByRole("button", { name: "New map" }).click();
    await expect(page).toHaveURL(/\/studio\/maps\/[0-9a-f-]{36}$/);
    await hydrated(page);
    return { page, mapId: new URL(page.url()).pathname.split("/").pop()! };
  }

  const rows = (page: Page) => page.getByTestId("spot-list").getByTestId("spot-row-name");

  test("a pasted Google Maps link adds the place at its coordinates with its name, and Open in Google Maps opens the business", async ({
    browser,
    storageState,
  }) => {
    const { page, mapId } = await newMap(browser, storageState);
    const find = page.getByLabel("Find a place");

    // A link that is not a place says so.
    await find.fill("https://example.com/sagrada-familia");
    await expect(page.getByTestId("place-link-error")).toHaveText(
      "This link is not a Google Maps place. Paste the link of a place from Google Maps, or type its name.",
    );

    await find.fill(SAGRADA_URL);
    const form = page.getByTestId("new-spot-form");
    await expect(form.getByLabel("Name")).toHaveValue("Sagrada Família");
    await expect(form.getByTestId("new-spot-position")).toHaveText("41.40363, 2.17436");
    await form.getByRole("button", { name: "Add to the map" }).click();
    await expect(rows(page)).toHaveText(["Sagrada Família"]);
    await expect(page.getByTestId("selected-spot")).toContainText("Sagrada Família · 41.40363, 2.17436");
    // The link was read, not searched for.
    expect(asked).toHaveLength(0);

    // The spot page (the owner sees the draft map's) opens Google Maps at the business.
    await page.getByRole("tab", { name: "Spot details" }).click();
    const details = page.getByRole("link", { name: "Open on its own page" });
    const spotId = (await details.getAttribute("href"))!.split("/").pop()!;
    await page.goto(`/maps/${mapId}/spots/${spotId}`);
    await expect(page.getByRole("heading", { name: "Sagrada Família" })).toBeVisible();
    await expect(page.getByTestId("open-in").getByRole("link", { name: "Google Maps" })).toHaveAttribute("href", `https://maps.google.com/?cid=${SAGRADA_CID}`);
    await page.context().close();
  });

  test("typing its name finds it through the geocoder, near the map's view; picking an own spot selects it; offline, own spots and a line", async ({
    browser,
    storageState,
  }) => {
    const { page } = await newMap(browser, storageState);
    const find = page.getByLabel("Find a place");
    const found = page.getByRole("list", { name: "Places found" });

    await find.fill("Sagrada Fam");
    const place = found.getByRole("button").filter({ hasText: "Place · Carrer de Mallorca 401, Barcelona, Spain" });
    await expect(place).toContainText("Sagrada Família");
    await expect(page.getByTestId("places-attribution")).toHaveText("Search by Photon, data © OpenStreetMap contributors");
    const sent = asked.at(-1)!;
    expect(sent.get("q")).toBe("Sagrada Fam");
    expect(sent.get("lang")).toBe("en");
    // The view's centre goes along (a new map opens on the whole world).
    expect(Number.isFinite(Number(sent.get("lat"))) && Number.isFinite(Number(sent.get("lon")))).toBe(true);

    await place.click();
    const form = page.getByTestId("new-spot-form");
    await expect(form.getByLabel("Name")).toHaveValue("Sagrada Família");
    await expect(form.getByTestId("new-spot-position")).toHaveText("41.40363, 2.17436");
    await form.getByRole("button", { name: "Add to the map" }).click();
    await expect(rows(page)).toHaveText(["Sagrada Família"]);

    // Another spot added (and selected), then Sagrada Família found again: the creator's own spot
    // on this map is selected, not added twice.
    await page.getByLabel("Coordinates").fill("41.3851, 2.1734");
    await page.getByRole("button", { name: "Place" }).click();
    await form.getByLabel("Name").fill("Plaça de Catalunya");
    await form.getByRole("button", { name: "Add to the map" }).click();
    await expect(page.getByTestId("selected-spot")).toContainText("Plaça de Catalunya");
    await find.fill("sagrada familia");
    const own = found.getByRole("button").filter({ hasText: "Your spot" });
    await expect(own).toContainText("Sagrada Família");
    await own.click();
    await expect(page.getByTestId("new-spot-form")).toHaveCount(0);
    await expect(page.getByTestId("selected-spot")).toContainText("Sagrada Família · 41.40363, 2.17436");
    await expect(rows(page)).toHaveText(["Sagrada Família", "Plaça de Catalunya"]);

    // The geocoder down: the creator's spots are still found, with a line saying why there is nothing else.
    photonDown = true;
    await find.fill("Sagrada F");
    await expect(page.getByTestId("places-unavailable")).toHaveText("Places by name are unavailable right now: showing cities and your own spots.");
    await expect(found.getByRole("button")).toHaveCount(1);
    await expect(found.getByRole("button")).toContainText("Your spot");
    await expect(page.getByText("Searching…")).toHaveCount(0);
    await page.context().close();
  });
});

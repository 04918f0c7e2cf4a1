import { expect, test, type Locator } from "@playwright/test";
import { startMap } from "./support/map";
import { hydrated } from "./support/hydration";

const MAP = "/maps/barcelona-beyond-the-rambla";
const TOKYO = "/maps/tokyo-quiet-corners";
// Gated fields of the Barcelona premium and supporters spots: never shown to anonymous visitors.
const GATED = ["Carrer de la Unió 17", "bikini sandwich", "Carrer del Baluard 56", "original bomba", "41.3796", "2.1733", "2.1895"];
// The unpublished map and the unpublished spot of the demo content.
const UNPUBLISHED = ["Porto Riverside Notes", "Livraria Lello", "Bar Termini"];

/** Waits for the map to report ready, then counts what it draws inside its frame: pins count 1, clusters their size. */
async function spotsDrawn(map: Locator): Promise<number> {
  await startMap(map);
  const frame = (await map.boundingBox())!;
  const inside = async (marker: Locator) => {
    const box = await marker.boundingBox();
    if (!box) return false;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    return x >= frame.x && x <= frame.x + frame.width && y >= frame.y && y <= frame.y + frame.height;
  };
  let drawn = 0;
  for (const pin of await map.locator("[data-map-pin]").all()) if (await inside(pin)) drawn += 1;
  for (const cluster of await map.locator("[data-map-cluster]").all()) if (await inside(cluster)) drawn += Number(await cluster.getAttribute("data-count"));
  return drawn;
}

test.describe("maps in the browser", () => {
  test("the map page draws every spot of the map, fitted, with MapLibre loaded only after the page", async ({ page }) => {
    const response = await page.goto(MAP);
    const html = await response!.text();
    expect(html).not.toMatch(/maplibre|spot-map\.client/);

    const rows = await page.getByTestId("spot-row").count();
    const map = page.getByRole("region", { name: "Map of Barcelona Beyond the Rambla" });
    expect(await spotsDrawn(map)).toBe(rows);
    await expect(map.getByText("Natural Earth")).toBeAttached();
  });

  test("without script the page paints every spot on the offline basemap; the keyboard starts the interactive map", async ({ browser, page }) => {
    const bare = await browser.newContext({ javaScriptEnabled: false });
    const still = await bare.newPage();
    await still.goto(MAP);
    const preview = still.getByTestId("map-preview");
    await expect(preview.locator("circle[data-spot-id]")).toHaveCount(await still.getByTestId("spot-row").count());
    const basemap = await still.request.get((await preview.locator("image").getAttribute("href"))!);
    expect(basemap.headers()["content-type"]).toContain("image/svg+xml");
    expect(await basemap.text()).toMatch(/^<svg [^>]*>.*<path d="M/);
    await bare.close();

    const scripts: string[] = [];
    page.on("request", (request) => scripts.push(request.url()));
    await page.goto(MAP);
    await hydrated(page);
    const map = page.getByRole("region", { name: "Map of Barcelona Beyond the Rambla" });
    const button = map.getByRole("button", { name: "Show interactive map" });
    // Reached by Tab like any control, pressed with Enter: MapLibre loads then, and takes the focus.
    await button.focus();
    expect(scripts.some((url) => /maplibre|spot-map\.client/.test(url))).toBe(false);
    await page.keyboard.press("Enter");
    await expect(map.locator("[data-map-ready=true]")).toBeAttached({ timeout: 20_000 });
    await expect(map.locator(".maplibregl-canvas")).toBeFocused();
    await expect(button).toHaveCount(0);
    await expect(map.getByTestId("map-preview")).toHaveCount(0);
  });

  test("pins and list are linked both ways", async ({ page }) => {
    await page.goto(TOKYO);
    const map = page.getByRole("region", { name: /^Map of Tokyo/ });
    expect(await spotsDrawn(map)).toBe(await page.getByTestId("spot-row").count());

    // Map → list: choosing a pin marks and reveals its row, and offers the spot.
    const pin = map.locator("[data-map-pin]").first();
    const spotId = await pin.getAttribute("data-spot-id");
    await pin.click();
    const row = page.locator("li", { has: page.locator(`[data-spot-id="${spotId}"]`) });
    await expect(row).toHaveAttribute("data-selected", "true");
    await expect(row).toBeInViewport();
    await expect(map.getByRole("link", { name: "Open spot" })).toBeVisible();

    // List → map: pointing at another row lights up its pin.
    const other = map.locator("[data-map-pin]").nth(1);
    const otherId = await other.getAttribute("data-spot-id");
    await page.locator(`[data-testid=spot-row][data-spot-id="${otherId}"]`).hover();
    await expect(other).toHaveAttribute("data-selected", "true");
    await expect(pin).toHaveAttribute("data-selected", "false");

    // A cluster zooms in when chosen, and the spots it held are still all drawn.
    await map.locator("[data-map-cluster]").first().click();
    await expect.poll(() => map.locator("[data-map-pin]").count()).toBeGreaterThan(2);
  });

  test("a spot page shows its place; a locked spot only its approximate area", async ({ page }) => {
    await page.goto(`${MAP}/spots/cal-pep`);
    const map = page.getByRole("region", { name: "Where Cal Pep is" });
    expect(await spotsDrawn(map)).toBe(1);
    await expect(map.getByRole("button", { name: "Cal Pep", exact: true })).toBeVisible();

    await page.goto(`${MAP}/spots/bar-canete`);
    const locked = page.getByRole("region", { name: "Where Bar Cañete is" });
    expect(await spotsDrawn(locked)).toBe(1);
    await expect(locked.getByRole("button", { name: "Bar Cañete (locked, approximate area)" })).toBeVisible();
  });
});

test.describe("explore", () => {
  test("every published spot on the map and in pages, filtered by category, nothing gated or unpublished leaking", async ({ page, request }) => {
    const response = await page.goto("/explore");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Explore");
    const map = page.getByRole("region", { name: "Map of spots to explore" });
    const points = Number(await map.getAttribute("data-points"));
    expect(points).toBeGreaterThan(300);
    await expect(page.getByText(`${points} spots recommended by our creators.`)).toBeVisible();
    expect(await spotsDrawn(map)).toBe(points);
    await expect(page.getByTestId("explore-row")).toHaveCount(24);

    const html = await response!.text();
    const data = await (await request.get("/explore.data")).text();
    for (const secret of [...GATED, ...UNPUBLISHED]) {
      expect(html).not.toContain(secret);
      expect(data).not.toContain(secret);
    }

    const firstPage = await page.getByTestId("explore-row").allTextContents();
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL("/explore?page=2");
    await expect(page.getByText(`Page 2 of ${Math.ceil(points / 24)}`)).toBeVisible();
    expect(await page.getByTestId("explore-row").allTextContents()).not.toEqual(firstPage);

    await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Coffee" }).click();
    await expect(page).toHaveURL("/explore?category=coffee");
    await expect(page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Coffee" })).toHaveAttribute("aria-current", "page");
    const coffee = page.getByTestId("explore-row");
    const n = await coffee.count();
    expect(n).toBeGreaterThan(3);
    for (let i = 0; i < n; i++) await expect(coffee.nth(i)).toContainText("Coffee");
  });

  test("near me orders spots by distance once the browser shares the position", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, geolocation: { latitude: 41.3851, longitude: 2.1734 }, permissions: ["geolocation"] });
    const page = await context.newPage();
    await page.goto("/explore");
    await hydrated(page);
    await page.getByTestId("near-me").click();
    await expect(page).toHaveURL("/explore?near=41.385%2C2.173");
    await expect(page.getByText(/nearest first/)).toBeVisible();
    const distances = (await page.getByTestId("explore-row").allTextContents()).map((t) => Number(t.match(/([\d.]+) km/)![1]));
    expect(distances[0]).toBeLessThan(2);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    await expect(page.getByTestId("near-me")).toHaveAttribute("aria-pressed", "true");
    await context.close();
  });

  test("near me says so when the position is refused, and a bad position in the address is dropped with a message", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto("/explore");
    await hydrated(page);
    await page.getByTestId("near-me").click();
    await expect(page.getByText("Location is off: allow it in your browser to see spots near you.")).toBeVisible();

    const bad = await page.goto("/explore?near=999,abc");
    expect(bad?.status()).toBe(200);
    await expect(page.getByRole("alert")).toHaveText("That location could not be used.");
    await context.close();
  });

  test("a spot opened from Explore, with its map page as the canonical address", async ({ page }) => {
    await page.goto("/explore?category=coffee");
    const first = page.getByTestId("explore-row").first();
    const name = (await first.locator("span.font-medium").textContent())!;
    await first.click();
    await expect(page).toHaveURL(/\/explore\/[\w-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/maps\/[\w-]+\/spots\/[\w-]+$/);
    await page.getByRole("link", { name: "Explore", exact: true }).last().click();
    await expect(page).toHaveURL("/explore");
  });
});

test.describe("destinations", () => {
  test("a destination shows its spots on a map", async ({ page }) => {
    await page.goto("/destinations");
    await page
      .getByRole("link", { name: /Barcelona/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Barcelona");
    const map = page.getByRole("region", { name: "Spots in Barcelona" });
    const points = Number(await map.getAttribute("data-points"));
    expect(points).toBeGreaterThanOrEqual(30);
    expect(await spotsDrawn(map)).toBe(points);
  });
});

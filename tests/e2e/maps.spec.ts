import { expect, test } from "@playwright/test";
import { signIn } from "./support/fixtures";
import { hydrated } from "./support/hydration";

const MAP = "/maps/barcelona-beyond-the-rambla";
const PREMIUM_SPOT = `${MAP}/spots/bar-canete`;
const SUPPORTERS_SPOT = `${MAP}/spots/la-cova-fumada`;
// Gated fields of those two spots in the demo content: never in a locked page.
const GATED = ["Carrer de la Unió 17", "bikini sandwich", "Carrer del Baluard 56", "original bomba", "41.3796", "2.1733", "41.379,", "2.1895"];

test.describe("map and spot pages", () => {
  test("a map shows its creator, city and spots in order; gated spots are locked teasers", async ({ page }) => {
    const response = await page.goto(MAP);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Barcelona Beyond the Rambla");
    await expect(page.getByTestId("map-creator")).toHaveAttribute("href", "/@lucia_ferrer");
    await expect(page).toHaveTitle("Barcelona Beyond the Rambla");
    const rows = page.getByTestId("spot-row");
    expect(await rows.count()).toBeGreaterThanOrEqual(30);
    const canete = rows.filter({ hasText: "Bar Cañete" });
    await expect(canete.getByTestId("locked-badge")).toHaveText("For Premium members");
    await expect(rows.filter({ hasText: "La Cova Fumada" }).getByTestId("locked-badge")).toHaveText("For supporters of Lucía Ferrer");
    await expect(rows.filter({ hasText: "Cal Pep" })).toContainText("freshest seafood tapas");

    const html = await response!.text();
    for (const secret of GATED) expect(html).not.toContain(secret);
  });

  test("a public spot has its details and directions; moving to the next spot stays on the map", async ({ page }) => {
    await page.goto(`${MAP}/spots/cal-pep`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cal Pep");
    await expect(page.getByText("Let the cooks choose for you")).toBeVisible();
    await expect(page.getByTestId("spot-address")).toHaveText("Plaça de les Olles 8, 08003 Barcelona");
    await expect(page.getByRole("link", { name: "Directions" })).toHaveAttribute("href", "https://www.google.com/maps/dir/?api=1&destination=41.3842,2.1829");
    await page
      .getByRole("navigation", { name: "More spots on this map" })
      .getByRole("link", { name: /El Xampanyet/ })
      .click();
    await expect(page).toHaveURL(`${MAP}/spots/el-xampanyet`);
  });

  test("locked spots reveal nothing to anonymous visitors, in the page, its tags or its data", async ({ page, request }) => {
    for (const url of [PREMIUM_SPOT, SUPPORTERS_SPOT]) {
      const response = await page.goto(url);
      expect(response?.status()).toBe(200);
      await expect(page.getByTestId("locked-spot")).toBeVisible();
      const html = await response!.text();
      for (const secret of GATED) expect(html).not.toContain(secret);
      // The client-side navigation data too.
      const data = await request.get(`${url}.data`);
      const body = await data.text();
      for (const secret of GATED) expect(body).not.toContain(secret);
    }
  });

  test("the creator sees her own gated spots in full", async ({ page, browser }) => {
    // A creator of this test's own: its third spot is supporters-only.
    const { maps } = await signIn(page, "creator", { prefix: "gated-owner", gated: true });
    const supporters = `/maps/${maps[0].slug}/spots/${maps[0].spots[2].slug}`;
    await page.goto(supporters);
    await expect(page.getByTestId("locked-spot")).toHaveCount(0);
    await expect(page.getByTestId("spot-address")).toHaveText("Test street 3, Ushuaia");
    // A visitor does not: the spot is really gated.
    const visitor = await browser.newPage();
    await visitor.goto(supporters);
    await expect(visitor.getByTestId("locked-spot")).toBeVisible();
    await visitor.close();
  });
});

test.describe("moving between spots", () => {
  test("moving between the spots of a map keeps the scroll position", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto("/maps/barcelona-beyond-the-rambla/spots/cal-pep");
    await hydrated(page);
    const next = page.getByRole("navigation", { name: "More spots on this map" }).getByRole("link").last();
    await next.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(0);
    await next.click();
    await expect(page).toHaveURL("/maps/barcelona-beyond-the-rambla/spots/el-xampanyet");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("El Xampanyet");
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });
});

import { expect, test, type Locator } from "@playwright/test";
import { startMap } from "./support/map";

const CREATOR = "/@lucia_ferrer";
const MAP = "/maps/barcelona-beyond-the-rambla";

/** Markers of a kind whose centre lies inside the map's frame (what a person can actually see). */
async function drawnInside(map: Locator, selector: string): Promise<number> {
  const frame = (await map.boundingBox())!;
  let n = 0;
  for (const marker of await map.locator(selector).all()) {
    const box = await marker.boundingBox();
    if (!box) continue;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    if (x >= frame.x && x <= frame.x + frame.width && y >= frame.y && y <= frame.y + frame.height) n += 1;
  }
  return n;
}

/** Pins count 1, clusters their size. */
async function spotsDrawn(map: Locator): Promise<number> {
  let drawn = await drawnInside(map, "[data-map-pin]");
  for (const cluster of await map.locator("[data-map-cluster]").all()) drawn += Number(await cluster.getAttribute("data-count"));
  return drawn;
}

test.describe("a creator's spots, paged and on a map", () => {
  test("24 spots a page beside their map, with a pager through the rest", async ({ page }) => {
    await page.goto(`${CREATOR}/spots`);
    const rows = page.getByTestId("spot-row");
    await expect(rows).toHaveCount(24);
    const pager = page.getByRole("navigation", { name: "Pages" });
    await expect(pager).toContainText(/Page 1 of \d/);

    const map = page.getByRole("region", { name: "Map of spots by Lucía Ferrer" });
    await startMap(map);
    await expect.poll(() => spotsDrawn(map)).toBe(24);

    const firstOnPage1 = await rows.first().textContent();
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(`${CREATOR}/spots?page=2`);
    await expect(pager).toContainText(/Page 2 of \d/);
    await expect(rows.first()).not.toHaveText(firstOnPage1!);
    await expect(pager.getByRole("link", { name: "Previous" })).toHaveAttribute("href", `${CREATOR}/spots`);
  });
});

test.describe("a spot's map gives context on the offline basemap", () => {
  test("the map's other spots, dimmed, the city's name, a zoom out to the coast, and the basemap's credit", async ({ page }) => {
    await page.goto(MAP);
    const total = await page.getByTestId("spot-row").count();

    await page.goto(`${MAP}/spots/cal-pep`);
    const map = page.getByRole("region", { name: "Where Cal Pep is" });
    await startMap(map);
    // The spot itself is the one pin; the others are there to orient by.
    expect(await drawnInside(map, "[data-map-pin]")).toBe(1);
    await expect(map.getByRole("button", { name: "Cal Pep", exact: true })).toBeVisible();
    await expect.poll(() => drawnInside(map, "[data-map-context]")).toBe(total - 1);
    await expect(map.getByText("Barcelona", { exact: true })).toBeVisible();
    // Not street level: the offline basemap has no streets to show there.
    expect(Number(await map.locator("[data-map-ready=true]").getAttribute("data-zoom"))).toBeLessThanOrEqual(11);
    // Credited, with no word to visitors about how the site is set up (issue 26).
    await expect(map.getByText("Natural Earth")).toBeAttached();
    await expect(map.getByText(/MAP_STYLE_URL/)).toHaveCount(0);
  });

  test("a locked spot's page shows its area among the others, not its place", async ({ page }) => {
    await page.goto(`${MAP}/spots/bar-canete`);
    const map = page.getByRole("region", { name: "Where Bar Cañete is" });
    await startMap(map);
    await expect(map.getByRole("button", { name: "Bar Cañete (locked, approximate area)" })).toBeVisible();
    await expect.poll(() => map.locator("[data-map-context]").count()).toBeGreaterThan(0);
    expect(await page.content()).not.toMatch(/41\.3796|2\.1733|2\.1895/);
  });
});

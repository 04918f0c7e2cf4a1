import { expect, test } from "@playwright/test";

test.describe("maps, creators and destinations lists", () => {
  test("/maps lists published maps and never the unpublished one", async ({ page }) => {
    const response = await page.goto("/maps");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Maps");
    const cards = page.getByTestId("map-cards").getByRole("listitem");
    expect(await cards.count()).toBeGreaterThanOrEqual(12);
    await expect(cards.filter({ hasText: "Barcelona Beyond the Rambla" })).toHaveCount(1);
    // The explore link in the header is highlighted on /maps.
    await expect(page.getByTestId("site-header").getByRole("link", { name: "Explore" })).toHaveAttribute("aria-current", "page");
    expect(response?.status()).toBe(200);
  });

  test("/creators leads to a creator page", async ({ page }) => {
    await page.goto("/creators");
    await page
      .getByTestId("creator-cards")
      .getByRole("link", { name: /Lucía Ferrer/ })
      .click();
    await expect(page).toHaveURL("/@lucia_ferrer");
  });

  test("/destinations leads to a city with its maps", async ({ page, request }) => {
    await page.goto("/destinations");
    await page
      .getByTestId("destination-chips")
      .getByRole("link", { name: /Barcelona/ })
      .click();
    await expect(page).toHaveURL(/\/destinations\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Barcelona");
    await expect(page.getByText("Spain", { exact: true })).toBeVisible();
    await expect(page.getByTestId("map-cards").getByRole("link", { name: /Barcelona Beyond the Rambla/ })).toBeVisible();

    const ua = { "User-Agent": "Mozilla/5.0 Chrome/156" };
    expect((await request.get("/destinations/not-a-number", { headers: ua })).status()).toBe(404);
    expect((await request.get("/destinations/999999999", { headers: ua })).status()).toBe(404);
  });
});

test.describe("the home page", () => {
  test("the home page shows the demo content", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Featured maps" })).toBeVisible();
    await expect(page.locator('section[aria-labelledby="featured-maps"] li')).toHaveCount(8);
    await expect(page.getByRole("heading", { name: "Destinations" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Barcelona/ }).first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Creators" })).toBeVisible();
  });
});

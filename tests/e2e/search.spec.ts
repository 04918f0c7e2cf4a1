import { expect, test } from "@playwright/test";

test.describe("search page and endpoint", () => {
  test("the header search leads to a shareable, server-rendered results page", async ({ page }) => {
    await page.goto("/");
    const box = page.getByTestId("site-header").getByRole("searchbox", { name: "Search" });
    await box.fill("vermouth");
    await box.press("Enter");
    await expect(page).toHaveURL("/search?q=vermouth");
    await expect(page.getByTestId("search-results")).toBeVisible();
    const response = await page.request.get("/search?q=cal%20pep");
    const html = await response.text();
    expect(html).toContain("Cal Pep");
  });

  test("an empty query shows the spec's empty state; no results says so", async ({ page }) => {
    await page.goto("/search");
    await expect(page.getByText("Search for places, creators, destinations & more")).toBeVisible();
    await page.goto("/search?q=zzzqqqxxx");
    await expect(page.getByText("Nothing found for “zzzqqqxxx”")).toBeVisible();
  });

  test("the endpoint returns the four groups with counts and never a locked spot's text", async ({ request }) => {
    const results = await (await request.get("/api/search?q=barcelona")).json();
    for (const group of ["spots", "maps", "creators", "destinations"]) {
      expect(results[group]).toEqual({ items: expect.any(Array), count: expect.any(Number) });
    }
    expect(results.destinations.items[0]).toMatchObject({ name: "Barcelona", country: "ES" });
    expect(results.maps.items.map((m: { title: string }) => m.title)).toContain("Barcelona Beyond the Rambla");
    // Bar Cañete is premium: its address and name are not searchable by anonymous visitors.
    const locked = await (await request.get("/api/search?q=Carrer%20de%20la%20Uni%C3%B3")).json();
    expect(JSON.stringify(locked)).not.toContain("Bar Cañete");
    expect((await request.get("/api/search?q=%27%3B%20drop%20table")).status()).toBe(200);
  });
});

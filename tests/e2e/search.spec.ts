import { expect, test } from "@playwright/test";

test.describe("search page and endpoint", () => {
  test("the header search leads to a shareable, server-rendered results page", async ({ page }) => {
    await page.goto("/");
    const box = page.getByTestId("site-header").getByRole("combobox", { name: "Search" });
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

test.describe("the header search panel", () => {
  test("opens on focus with the empty state, searches as you type, and shows tabs with counts", async ({ page }) => {
    await page.goto("/info/copyright");
    await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
    const box = page.getByTestId("site-header").getByRole("combobox", { name: "Search" });
    await box.focus();
    const panel = page.getByTestId("search-panel");
    await expect(panel.getByText("Search", { exact: true })).toBeVisible();
    await expect(panel.getByText("Search for places, creators, destinations & more")).toBeVisible();

    // Hold the answer back to see the loading state.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/search?*", async (route) => {
      await held;
      await route.continue();
    });
    await box.fill("barcelona");
    await expect(panel.getByText("Searching...")).toBeVisible();
    release();

    const tabs = panel.getByRole("tab");
    await expect(tabs.first()).toBeVisible();
    const labels = await tabs.allInnerTexts();
    expect(labels.map((l) => l.replace(/\d+/g, "").trim())).toEqual(expect.arrayContaining(["Maps", "Destinations"]));
    expect(labels[0]).toMatch(/^Spots/);
    await expect(panel.getByTestId("count-destinations")).toHaveText(/^\d+$/);

    await panel.getByRole("tab", { name: /Destinations/ }).click();
    await expect(panel.getByTestId("search-row").first()).toContainText("Spain");

    // Outside click closes it.
    await page.mouse.click(20, 400);
    await expect(panel).toBeHidden();
  });

  test("keyboard: arrows move through results, Enter opens, Escape closes", async ({ page }) => {
    await page.goto("/");
    await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
    const box = page.getByTestId("site-header").getByRole("combobox", { name: "Search" });
    await box.fill("cal pep");
    const first = page.getByTestId("search-panel").getByRole("option").first();
    await expect(first).toContainText("Cal Pep");
    await expect(first).toContainText("Counter seating, no menu to...");
    await box.press("ArrowDown");
    await expect(first).toHaveAttribute("aria-selected", "true");
    await box.press("Enter");
    // The spec links spots by ids; the map id redirects to its current slug.
    await expect(page).toHaveURL(/\/maps\/barcelona-beyond-the-rambla\/spots\/[0-9a-f-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cal Pep");

    await box.click();
    await expect(page.getByTestId("search-panel")).toBeVisible();
    await box.press("Escape");
    await expect(page.getByTestId("search-panel")).toBeHidden();
  });
});

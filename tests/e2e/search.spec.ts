import { expect, test, type Locator } from "@playwright/test";
import { hydrated } from "./support/hydration";

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
});

test.describe("the header search panel", () => {
  test("opens on focus with the empty state, searches as you type, and shows tabs with counts", async ({ page }) => {
    await page.goto("/info/copyright");
    await hydrated(page);
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
    await hydrated(page);
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

/** A query the demo content answers in all four result groups. */
const EVERY_GROUP = "city";

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every tab of the results panel on one line and, unless the list may scroll sideways, entirely inside it. */
async function expectTabsOnOneLine(panel: Locator, { mayScroll = false } = {}) {
  const tabs = panel.getByRole("tab");
  await expect(tabs).toHaveCount(4);
  const list = await box(panel.getByRole("tablist"));
  const boxes = await Promise.all((await tabs.all()).map(box));
  for (const b of boxes) {
    expect(Math.abs(b.y - boxes[0].y)).toBeLessThan(1);
    if (mayScroll) continue;
    expect(b.x).toBeGreaterThanOrEqual(list.x - 0.5);
    expect(b.x + b.width).toBeLessThanOrEqual(list.x + list.width + 0.5);
  }
}

test.describe("header search", () => {
  test("choosing a result clears the box and closes the panel", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const search = page.getByTestId("site-header").getByRole("combobox", { name: "Search" });
    await search.fill("cal pep");
    const panel = page.getByTestId("search-panel");
    await panel.getByTestId("search-row").first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cal Pep");
    await expect(search).toHaveValue("");
    await expect(panel).toBeHidden();
  });

  test("on the /search page the box still shows the page's query", async ({ page }) => {
    await page.goto("/search?q=vermouth");
    await expect(page.getByTestId("site-header").getByRole("combobox", { name: "Search" })).toHaveValue("vermouth");
  });

  test("the result tabs fit on one line in the header's panel", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByTestId("site-header").getByRole("combobox", { name: "Search" }).fill(EVERY_GROUP);
    await expectTabsOnOneLine(page.getByTestId("search-panel"));
  });
});

test.describe("search dialog on narrow screens", () => {
  for (const width of [390, 450]) {
    test(`at ${width} px the close button clears the input and the tabs fit on one line`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await page.goto("/");
      await hydrated(page);
      await page.getByTestId("nav-narrow").getByRole("link", { name: "Search" }).click();
      const dialog = page.getByRole("dialog", { name: "Search" });
      const input = dialog.getByRole("combobox", { name: "Search" });
      await expect(input).toBeFocused();
      expect(overlaps(await box(dialog.getByRole("button", { name: "Close" })), await box(input))).toBe(false);

      await input.fill(EVERY_GROUP);
      await expectTabsOnOneLine(dialog.getByTestId("search-panel"), { mayScroll: width < 450 });
    });
  }
});

/**
 * Issue 26, items 3 and 5: a map page that sells the map, and the editor's paper cuts. The public
 * page's preview is framed on the spots, its pins are coloured by category, a category filter
 * narrows the list and the pins together (a link: it works without script), and the creator's
 * Follow works there; in the Studio the address follows the title until the first publish, a
 * destination is listed with its country's name and moves the map, and the import notice counts
 * the review queue as rows leave it. Each test makes its own creator and map.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { makeAccount, signIn } from "./support/fixtures";
import { hydrated } from "./support/hydration";

/** The preview's pins: their drawn centre in the SVG's coordinates and their colour. */
async function previewPins(preview: Locator) {
  return preview
    .locator("circle[data-spot-id]")
    .evaluateAll((circles) => circles.map((c) => ({ x: Number(c.getAttribute("cx")), y: Number(c.getAttribute("cy")), color: c.getAttribute("data-color") })));
}

async function viewBox(preview: Locator): Promise<[number, number, number, number]> {
  return (await preview.getAttribute("viewBox"))!.split(" ").map(Number) as [number, number, number, number];
}

const rows = (page: Page) => page.getByTestId("spot-list").getByTestId("spot-row");

test.describe("the public map page", () => {
  test("frames the preview on the spots, colours pins by category, and filters the list and the pins by category", async ({ page, browser }) => {
    const creator = await makeAccount(page.request, "creator", { prefix: "sells", spots: 10, categories: "food,coffee" });
    const map = creator.maps[0];
    await page.goto(`/maps/${map.slug}`);
    await expect(rows(page)).toHaveCount(10);

    // Framed on the spots: every pin inside the picture, away from its edges, and spread over it (not one blob).
    const preview = page.getByTestId("map-preview");
    const [, , width, height] = await viewBox(preview);
    const pins = await previewPins(preview);
    expect(pins).toHaveLength(10);
    for (const { x, y } of pins) {
      expect(x).toBeGreaterThan(width * 0.05);
      expect(x).toBeLessThan(width * 0.95);
      expect(y).toBeGreaterThan(height * 0.05);
      expect(y).toBeLessThan(height * 0.95);
    }
    const xs = pins.map((p) => p.x);
    const ys = pins.map((p) => p.y);
    expect(Math.max((Math.max(...xs) - Math.min(...xs)) / width, (Math.max(...ys) - Math.min(...ys)) / height)).toBeGreaterThan(0.5);
    // And as drawn: each pin's box lies inside the preview's.
    const frame = (await preview.boundingBox())!;
    for (const circle of await preview.locator("circle[data-spot-id]").all()) {
      const box = (await circle.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(frame.x);
      expect(box.y).toBeGreaterThanOrEqual(frame.y);
      expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
      expect(box.y + box.height).toBeLessThanOrEqual(frame.y + frame.height + 0.5);
    }

    // Two categories, two pin colours, as drawn.
    const colours = [...new Set(pins.map((p) => p.color))];
    expect(colours).toHaveLength(2);
    const fills = await preview.locator("circle[data-spot-id]").evaluateAll((circles) => [...new Set(circles.map((c) => getComputedStyle(c).fill))]);
    expect(fills).toHaveLength(2);

    // The filter: Food's chip keeps Food's spots, in the list and on the map.
    const filter = page.getByTestId("category-filter");
    await expect(filter.getByTestId("category-chip")).toHaveText([/^All\s*10$/, /Coffee\s*5|Food\s*5/, /Coffee\s*5|Food\s*5/]);
    await filter.getByRole("link", { name: /Food/ }).click();
    await expect(page).toHaveURL(new RegExp(`/maps/${map.slug}\\?category=food$`));
    await expect(rows(page)).toHaveCount(5);
    await expect(rows(page).filter({ hasNotText: "Food" })).toHaveCount(0);
    await expect(preview.locator("circle[data-spot-id]")).toHaveCount(5);
    const foodColours = [...new Set((await previewPins(preview)).map((p) => p.color))];
    expect(foodColours).toHaveLength(1);
    await expect(filter.getByRole("link", { name: /Food/ })).toHaveAttribute("aria-current", "true");
    await filter.getByRole("link", { name: /^All/ }).click();
    await expect(rows(page)).toHaveCount(10);

    // Without script, the chips are plain links to the filtered page.
    const bare = await browser.newContext({ javaScriptEnabled: false });
    const still = await bare.newPage();
    await still.goto(`/maps/${map.slug}`);
    await still
      .getByTestId("category-filter")
      .getByRole("link", { name: /Coffee/ })
      .click();
    await expect(still).toHaveURL(/\?category=coffee$/);
    await expect(rows(still)).toHaveCount(5);
    await expect(rows(still).filter({ hasNotText: "Coffee" })).toHaveCount(0);
    await expect(still.getByTestId("map-preview").locator("circle[data-spot-id]")).toHaveCount(5);
    await bare.close();
  });

  test("Follow works on the map page, for a member at once and for a signed-out visitor through the login dialog", async ({ page, browser, baseURL }) => {
    const creator = await makeAccount(page.request, "creator", { prefix: "follow-map", spots: 3 });
    const path = `/maps/${creator.maps[0].slug}`;

    // Signed out: the same flow as on the profile, the login dialog first.
    const anonymous = await browser.newContext({ baseURL });
    const anon = await anonymous.newPage();
    await anon.goto(path);
    await hydrated(anon);
    await anon.getByTestId("follow-button").click();
    await expect(anon.getByRole("dialog", { name: "Join Spotfolio" })).toBeVisible();
    await anonymous.close();

    await signIn(page, "member", { prefix: "map-follower" });
    await page.goto(path);
    await expect(page.getByTestId("support-button")).toHaveText("Support");
    const follow = page.getByTestId("follow-button");
    await expect(follow).toHaveText("Follow");
    await hydrated(page);
    const followed = page.waitForResponse((r) => r.url().includes("/api/follows") && r.request().method() === "POST");
    await follow.click();
    expect((await followed).status()).toBe(200);
    await expect(follow).toHaveText("Following");
    await expect(follow).toHaveAttribute("aria-pressed", "true");
    // It stays followed: the creator's page says so too.
    await page.goto(`/@${creator.handle}`);
    await expect(page.getByTestId("follow-button")).toHaveText("Following");
  });
});

test.describe("the Studio map editor's paper cuts", () => {
  test("a new map's address follows its title until published; a destination is listed with its country and moves the map", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, "creator", { prefix: "slug-follows", maps: 0 });
    await page.goto("/studio/maps");
    await page.getByRole("button", { name: "New map" }).click();
    await expect(page).toHaveURL(/\/studio\/maps\/[0-9a-f-]{36}$/);
    await hydrated(page);

    await page.getByRole("tab", { name: "Settings" }).click();
    const settings = page.getByTestId("map-settings");
    await expect(settings.getByLabel("Address (slug)")).toHaveValue(/^untitled-map(-\d+)?$/);
    const tag = Date.now().toString(36);
    await settings.getByLabel("Title").fill(`Tapas in Ushuaia ${tag}`);
    await expect(settings.getByLabel("Address (slug)")).toHaveValue(`tapas-in-ushuaia-${tag}`);
    await expect(settings.getByTestId("slug-hint")).toContainText("follows the title until the map is first published");
    await expect(settings.getByTestId("save-status")).toHaveAttribute("data-status", "saved");
    await expect(page.getByTestId("public-link")).toHaveAttribute("href", `/maps/tapas-in-ushuaia-${tag}`);
    await page.reload();
    await page.getByRole("tab", { name: "Settings" }).click();
    await expect(settings.getByLabel("Address (slug)")).toHaveValue(`tapas-in-ushuaia-${tag}`);

    // Destinations: "Barcelona, Spain", not a country code; two of one name in one country told apart.
    await settings.getByLabel("Destination").fill("Barcelona");
    const choices = settings.getByTestId("city-choice");
    await expect(choices.first()).toHaveText("Barcelona, Spain");
    await expect(choices.nth(1)).toHaveText("Barcelona, Venezuela");
    const philippines = await choices.filter({ hasText: "Philippines" }).allTextContents();
    expect(philippines.length).toBeGreaterThanOrEqual(2);
    expect(new Set(philippines).size).toBe(philippines.length);
    await choices.first().click();
    await expect(settings.getByTestId("destination")).toHaveText("Barcelona, Spain");
    // The map (started by the choice) goes there.
    const canvas = page.getByTestId("editor-map-canvas");
    await expect
      .poll(async () => {
        const [lat, lng] = ((await canvas.getAttribute("data-center")) ?? "0,0").split(",").map(Number);
        return Math.abs(lat - 41.389) < 0.05 && Math.abs(lng - 2.159) < 0.05;
      })
      .toBe(true);
  });

  test("the import notice counts the review queue as rows leave it, and goes quiet about it at zero", async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, "creator", { prefix: "review-banner", maps: 0 });
    const csv = [
      "Title,Note,URL,Tags,Comment",
      'Bar Ushuaia,,"https://www.google.com/maps/search/-54.801,-68.301",,',
      'Café del Puerto,,"https://www.google.com/maps/search/-54.802,-68.302",,',
      'Dropped pin,,"https://www.google.com/maps/search/-54.805,-68.305",,',
    ].join("\n");
    await page.goto("/studio/maps/import/google-saved-lists");
    await page.locator("#import-files").setInputFiles({ name: "Review banner.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Preview import" }).click();
    await expect(page.getByTestId("import-preview")).toBeVisible();
    await page.getByRole("button", { name: "Confirm import" }).click();
    await expect(page).toHaveURL(/\/studio\/maps\/[0-9a-f-]{36}\?imported=2&review=1/);

    const notice = page.getByTestId("imported-notice");
    await expect(notice).toHaveText("Imported 2 spots; 1 waits in the review queue.");
    await expect(page.getByTestId("review-link")).toBeVisible();
    await hydrated(page);
    await page.getByTestId("review-link").click();
    const row = page.getByTestId("review-row");
    await expect(row).toHaveCount(1);
    await row.getByRole("button", { name: "Dismiss" }).click();
    // Without a reload: the notice no longer sends anyone to an empty queue, and the link is gone.
    await expect(notice).toHaveText("Imported 2 spots.");
    await expect(page.getByTestId("review-link")).toHaveCount(0);
  });
});

import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "./support/fixtures";

// Issue 15, items 5, 8, 9, 11 and 14: what a visitor sees in the shell, its search and its avatars.

/** A query the demo content answers in all four result groups. */
const EVERY_GROUP = "city";

const hydrated = (page: Page) => page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });

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

test.describe("counts read as English", () => {
  test("a creator with one map shows '1 map', not '1 maps'", async ({ page }) => {
    await page.goto("/@claire_dubois");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("1 map", { exact: true })).toBeVisible();
    await expect(page.getByText("1 maps", { exact: true })).toHaveCount(0);
  });
});

test.describe("error pages in the studio and the back office", () => {
  for (const [path, section] of [
    ["/studio/nonexistent", "Creator Studio"],
    ["/admin/x", "Admin"],
  ] as const) {
    test(`${path} shows the ${section} bar above the error page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId("error-page").getByText("404 ERROR", { exact: true })).toBeVisible();
      const bar = page.getByTestId("back-office-bar");
      await expect(bar).toBeVisible();
      await expect(bar.getByText(section, { exact: true })).toBeVisible();
      await expect(page.getByTestId("site-header")).toHaveCount(0);
    });
  }
});

test.describe("avatars", () => {
  test("the header and the drawer load the 90 px variant of an uploaded image", async ({ page, baseURL }) => {
    await signIn(page, "member", { prefix: "avatar" });
    await page.goto("/account");
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#cc5522" } })
      .png()
      .toBuffer();
    const profile = page.getByTestId("account-profile");
    await profile.getByLabel("Profile image").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
    await profile.getByRole("button", { name: "Upload image" }).click();
    await expect(page.getByText("Your profile image has been updated")).toBeVisible();

    const requested: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "image") requested.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    const headerImage = page.getByTestId("profile-button").locator("img");
    await expect(headerImage).toHaveJSProperty("complete", true);
    expect(await headerImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(90);
    const src = (await headerImage.getAttribute("src"))!;
    expect(requested).toContain(src);
    expect(requested.filter((p) => p.startsWith("/uploads/avatars/") && p !== src)).toEqual([]);
    const image = await page.request.get(src);
    expect(image.headers()["content-type"]).toBe("image/webp");
    expect(await sharp(await image.body()).metadata()).toMatchObject({ width: 90, height: 90 });

    await page.getByTestId("profile-button").click();
    const drawerImage = page.getByTestId("account-drawer").locator("img").first();
    await expect(drawerImage).toHaveAttribute("src", src);
  });

  test("a creator without a profile image gets the same icon everywhere, never initials", async ({ page }) => {
    await page.goto("/creators");
    const cards = page.getByTestId("creator-cards");
    await expect(cards.getByRole("link").first()).toBeVisible();
    const withoutImage = cards.getByRole("link").filter({ hasNot: page.locator("img") });
    const count = await withoutImage.count();
    expect(count).toBeGreaterThan(0);
    await expect(withoutImage.getByTestId("avatar-icon")).toHaveCount(count);
  });
});

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

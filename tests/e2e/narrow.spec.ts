import { expect, test } from "@playwright/test";
import { signIn } from "./support/fixtures";
import { hydrated } from "./support/hydration";

// Runs in the "narrow" project (a phone-sized viewport, 920px or less).
test.describe("header (narrow screens)", () => {
  test("a tab bar replaces the inline search and the account buttons", async ({ page }) => {
    await page.goto("/info/copyright");
    const tabs = page.getByTestId("nav-narrow");
    await expect(tabs).toBeVisible();
    await expect(tabs.getByRole("link", { name: "Explore" })).toHaveAttribute("href", "/explore");
    await expect(tabs.getByRole("link", { name: "Discover" })).toHaveAttribute("href", "/discover");
    await expect(tabs.getByRole("link", { name: "Search" })).toBeVisible();
    await expect(tabs.getByRole("link", { name: "My Atlas" })).toHaveAttribute("href", "/atlas");
    await expect(tabs.getByRole("link", { name: "Profile" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Search" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Sign up for free" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Spotfolio home" })).toBeVisible();
  });

  test("Explore is highlighted on /maps paths", async ({ page }) => {
    await page.goto("/maps/x");
    await expect(page.getByTestId("nav-narrow").getByRole("link", { name: "Explore" })).toHaveAttribute("aria-current", "page");
  });

  test("Profile opens the login dialog when logged out and the drawer when logged in", async ({ page }) => {
    await page.goto("/info/copyright");
    await page.getByTestId("nav-narrow").getByRole("link", { name: "Profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Join Spotfolio" });
    await expect(dialog.getByTestId("auth-login")).toBeVisible();
    await page.keyboard.press("Escape");

    await signIn(page, "member", { prefix: "narrow" });
    await page.reload();
    await page.getByTestId("profile-tab").click();
    const drawer = page.getByTestId("account-drawer");
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Account" })).toBeVisible();
    await page.getByTestId("profile-tab").click();
    await expect(drawer).toBeHidden();
  });

  test("the drawer's Get Premium opens the pricing dialog (the header's button is for wide screens)", async ({ page }) => {
    await signIn(page, "member", { prefix: "narrow-premium" });
    await page.goto("/");
    await expect(page.getByTestId("get-premium")).toBeHidden();
    await page.getByTestId("profile-tab").click();
    const drawer = page.getByTestId("account-drawer");
    await drawer.getByRole("button", { name: "Get Premium" }).click();
    await expect(drawer).toBeHidden();
    const pricing = page.getByRole("dialog", { name: "Join & Empower Creators" });
    await expect(pricing.getByText("Membership plans")).toBeVisible();
    await expect(pricing.getByRole("button", { name: "Go Premium" })).toBeEnabled();
  });
});

test("narrow screens: Search opens a search dialog", async ({ page }) => {
  await page.goto("/info/copyright");
  await hydrated(page);
  await page.getByTestId("nav-narrow").getByRole("link", { name: "Search" }).click();
  const dialog = page.getByRole("dialog", { name: "Search" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Search for places, creators, destinations & more")).toBeVisible();
  await dialog.getByRole("combobox", { name: "Search" }).fill("lisbon");
  await expect(dialog.getByRole("tab").first()).toBeVisible();
  await dialog.getByTestId("search-row").first().click();
  await expect(dialog).toBeHidden();
});

test("narrow screens: the map editor keeps its title readable, its links below it, and its map a picture", async ({ page }) => {
  const { maps } = await signIn(page, "creator", { prefix: "narrow-editor", maps: 1, spots: 5, published: false });
  await page.goto(`/studio/maps/${maps[0].id}`);
  const title = page.getByRole("heading", { level: 1 });
  await expect(title).toHaveText(maps[0].title);
  // The title is not squeezed to a letter by the badge and links beside it: they wrap under it.
  const titleBox = (await title.boundingBox())!;
  const linkBox = (await page.getByTestId("public-link").boundingBox())!;
  expect(titleBox.width).toBeGreaterThanOrEqual(180);
  expect(linkBox.y).toBeGreaterThan(titleBox.y + titleBox.height / 2);
  await expect(page.getByRole("region", { name: "Map of the spots" }).getByTestId("map-preview")).toHaveAttribute("data-pins", "5");
});

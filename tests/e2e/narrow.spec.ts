import { expect, test } from "@playwright/test";

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
    await expect(page.getByRole("searchbox", { name: "Search" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Sign up for free" })).toBeHidden();
    await expect(page.getByRole("link", { name: "Spotfolio home" })).toBeVisible();
  });

  test("Explore is highlighted on /maps paths", async ({ page }) => {
    await page.goto("/maps/x");
    await expect(page.getByTestId("nav-narrow").getByRole("link", { name: "Explore" })).toHaveAttribute("aria-current", "page");
  });
});

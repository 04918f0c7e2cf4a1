/**
 * Issue 28, what new users trip over in their first hour (items 11, 12, 16, 17, 20 and 21):
 * a phone's width, a member's profile, the way into becoming a creator, the Studio's error page,
 * a spot's website and the sign-up dialog.
 */
import { expect, test } from "@playwright/test";
import { approvedCreator } from "./support/creators";
import { PASSWORD, uniqueEmail } from "./support/accounts";

test("item 20: the Website saved in the Studio appears on the spot's page", async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await approvedCreator(page, browser, baseURL!, "website");
  await page.goto("/studio/maps");
  await page.getByRole("button", { name: "New map" }).click();
  await expect(page).toHaveURL(/\/studio\/maps\/[0-9a-f-]{36}$/);
  const mapId = new URL(page.url()).pathname.split("/").pop()!;
  await page.getByLabel("Coordinates").fill("41.3851, 2.1734");
  await page.getByRole("button", { name: "Place" }).click();
  const form = page.getByTestId("new-spot-form");
  await form.getByLabel("Name").fill("Bar Website");
  await form.getByRole("button", { name: "Add to the map" }).click();
  await page.getByRole("button", { name: "Bar Website", exact: true }).click();
  await page.getByRole("button", { name: "Edit details" }).click();
  await page.getByRole("link", { name: "Open on its own page" }).click();
  await expect(page).toHaveURL(/\/studio\/maps\/[0-9a-f-]{36}\/spots\/[0-9a-f-]{36}$/);
  const spotId = new URL(page.url()).pathname.split("/").pop()!;
  await page.getByLabel("Website").fill("https://www.bar-website.example.com/menu/");
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved");

  await page.goto(`/maps/${mapId}/spots/${spotId}`);
  await expect(page.getByRole("heading", { name: "Bar Website", level: 1 })).toBeVisible();
  const website = page.getByTestId("spot-website");
  await expect(website).toHaveText("bar-website.example.com/menu");
  await expect(website).toHaveAttribute("href", "https://www.bar-website.example.com/menu/");
  await expect(website).toHaveAttribute("rel", /noopener/);
});

test("item 21: after sign-up, an ordinary user's dialog closes with a toast to check the email", async ({ page }) => {
  const email = uniqueEmail("toast");
  await page.goto("/info/cookie-policy");
  await page.getByRole("link", { name: "Sign up for free" }).click();
  const dialog = page.getByRole("dialog", { name: "Join Spotfolio" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByLabel("Confirm password").fill(PASSWORD);
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Sign up" }).click();
  await expect(dialog).toBeHidden();
  const toast = page.locator('[data-sonner-toast][data-type="success"]');
  await expect(toast).toContainText("Check your email");
  await expect(toast).toContainText(`We sent a confirmation link to ${email}. Open it to finish creating your account.`);
  await expect(page).toHaveURL("/info/cookie-policy");
});

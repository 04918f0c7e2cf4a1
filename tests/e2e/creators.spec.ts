import { expect, test } from "@playwright/test";
import { PASSWORD } from "./support/accounts";
import { makeAccount, signIn } from "./support/fixtures";

const CREATOR = "/@lucia_ferrer";

test.describe("creator pages", () => {
  test("the overview, maps and spots of a creator", async ({ page }) => {
    const response = await page.goto(CREATOR);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lucía Ferrer");
    await expect(page.getByTestId("creator-counts")).toContainText("maps");
    await expect(page.getByText("I grew up above a bakery in Gràcia")).toBeVisible();
    await expect(page.getByTestId("creator-maps").getByRole("link", { name: /Barcelona Beyond the Rambla/ })).toHaveAttribute(
      "href",
      "/maps/barcelona-beyond-the-rambla",
    );
    await page.getByRole("navigation", { name: "Creator" }).getByRole("link", { name: "Spots" }).click();
    await expect(page).toHaveURL(`${CREATOR}/spots`);
    const canete = page.getByTestId("creator-spots").getByRole("listitem").filter({ hasText: "Bar Cañete" });
    await expect(canete.getByTestId("locked-badge")).toBeVisible();
    expect(await page.content()).not.toContain("bikini sandwich");
    await page.getByRole("navigation", { name: "Creator" }).getByRole("link", { name: "Maps" }).click();
    await expect(page).toHaveURL(`${CREATOR}/maps`);
  });

  test("an anonymous visitor who clicks Follow logs in, and the follow then happens", async ({ page, baseURL, browser, request }) => {
    // A creator of this test's own: no demo creator's followers change.
    const { handle } = await makeAccount(request, "creator", { prefix: "followed", maps: 0 });
    const { email } = await signIn(page, "member", { prefix: "follower" });
    const anon = await browser.newPage({ baseURL });
    await anon.goto(`/@${handle}`);
    await anon.getByTestId("follow-button").click();
    const dialog = anon.getByRole("dialog", { name: "Join Spotfolio" });
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    // The follow is sent once the login has gone through.
    const followed = anon.waitForResponse((r) => r.url().includes("/api/follows") && r.request().method() === "POST");
    await dialog.getByRole("button", { name: "Log in" }).click();
    await expect(dialog).toBeHidden();
    await expect(anon.getByTestId("follow-button")).toHaveText("Following");
    expect((await followed).status()).toBe(200);
    await anon.reload();
    await expect(anon.getByTestId("follow-button")).toHaveText("Following");
    await expect(anon.getByTestId("follow-button")).toHaveAttribute("aria-pressed", "true");

    const unfollowed = anon.waitForResponse((r) => r.url().includes("/api/follows") && r.request().method() === "POST");
    await anon.getByTestId("follow-button").click();
    await expect(anon.getByTestId("follow-button")).toHaveText("Follow");
    expect((await unfollowed).status()).toBe(200);
    await anon.reload();
    await expect(anon.getByTestId("follow-button")).toHaveText("Follow");
    await anon.close();
  });
});

test.describe("counts and avatars on creator pages", () => {
  test("a creator with one map shows '1 map', not '1 maps'", async ({ page, request }) => {
    // A creator of this test's own, with exactly one published map.
    const { handle } = await makeAccount(request, "creator", { prefix: "one-map", maps: 1 });
    await page.goto(`/@${handle}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("1 map", { exact: true })).toBeVisible();
    await expect(page.getByText("1 maps", { exact: true })).toHaveCount(0);
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

import { expect, test } from "@playwright/test";
import { linkFromMail, postSignUp } from "./support/accounts";
import { makeAccount, signIn } from "./support/fixtures";

const FORBIDDEN = "You do not have permission to view this page";

test.describe("who may open /studio and /admin", () => {
  test("anonymous visitors are sent to log in, then back to where they were going", async ({ page, request }) => {
    // A creator of this test's own, who logs in through the form here (that is what is tested).
    const creator = await makeAccount(request, "creator", { prefix: "guarded", maps: 0 });
    await page.goto("/studio");
    await expect(page).toHaveURL("/auth?step=login&redirectTo=%2Fstudio");
    await page.getByLabel("Email").fill(creator.email);
    await page.getByLabel("Password", { exact: true }).fill(creator.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL("/studio");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    // The studio has its own bar; the site header is hidden there.
    await expect(page.getByTestId("studio-bar")).toBeVisible();
    await expect(page.getByTestId("site-header")).toHaveCount(0);
    await expect(page.getByTestId("studio-stats").getByText("Published maps")).toBeVisible();

    // A creator's drawer has the Creator Studio entry.
    await page.goto("/info/copyright");
    await page.getByTestId("profile-button").click();
    await expect(page.getByTestId("account-drawer").getByRole("link", { name: "Creator Studio" })).toHaveAttribute("href", "/studio");

    await page.goto("/admin");
    await expect(page.getByText(FORBIDDEN)).toBeVisible();
  });

  test("anonymous /admin goes to the login flow too", async ({ page }) => {
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL("/auth?step=login&redirectTo=%2Fadmin");
  });

  test("a signed-in member who is not a creator or admin gets the 403 page", async ({ page }) => {
    await signIn(page, "member", { prefix: "member" });
    for (const path of ["/studio", "/admin"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(403);
      await expect(page.getByText(FORBIDDEN)).toBeVisible();
      await expect(page.getByText("403 ERROR")).toBeVisible();
    }
  });

  test("an address listed in ADMIN_EMAILS is an admin from sign-up and opens /admin", async ({ page, baseURL }) => {
    const email = "e2e-admin@example.com";
    expect((await postSignUp(page.request, baseURL!, email)).status()).toBe(200);
    await page.goto(await linkFromMail(page.request, email, "/api/auth/verify-email"));
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Admin", level: 1 })).toBeVisible();
    await expect(page.getByTestId("admin-stats")).toContainText("Users");
    await expect(page.getByTestId("admin-email")).toContainText("sent");
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

import { expect, test } from "@playwright/test";

test.describe("error page", () => {
  test("an unknown route answers 404 with the spec's page, header and footer", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    const main = page.getByTestId("error-page");
    await expect(main.getByText("404 ERROR", { exact: true })).toBeVisible();
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Oops...");
    await expect(main.getByText("The page you requested could not be found", { exact: true })).toBeVisible();
    await expect(main.getByText("Check that the URL is spelled correctly.")).toBeVisible();
    await expect(main.getByRole("link", { name: "info@spotfolio.app" })).toHaveAttribute("href", "mailto:info@spotfolio.app");
    await expect(main.getByRole("link", { name: "home page" })).toHaveAttribute("href", "/");
    await expect(page.getByTestId("site-header")).toBeVisible();
    await expect(page.getByTestId("site-footer")).toBeVisible();
  });

  test("a route whose validation fails is a 404 too", async ({ page }) => {
    const response = await page.goto("/info/not-a-legal-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("error-page").getByText("404 ERROR", { exact: true })).toBeVisible();
  });
});

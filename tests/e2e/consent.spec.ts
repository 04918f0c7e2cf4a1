import AxeBuilder from "@axe-core/playwright";
import { expect, test, type BrowserContext } from "@playwright/test";

// A visitor who has not answered the cookie banner yet (the other specs start with consent given).
test.use({ storageState: { cookies: [], origins: [] } });

const names = async (context: BrowserContext) => (await context.cookies()).map((c) => c.name).sort();

test.describe("cookie consent", () => {
  test("no analytics cookie before accepting; accepting sets them, refusing later deletes them", async ({ page, context }) => {
    await page.goto("/@lucia_ferrer");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("link", { name: "Cookie policy" })).toHaveAttribute("href", "/info/cookie-policy");
    // A creator's page would set the tracking id and credit her: not without consent.
    await page.goto("/maps/barcelona-beyond-the-rambla");
    expect(await names(context)).toEqual([]);

    await banner.getByRole("button", { name: "Accept analytics cookies" }).click();
    await expect(page).toHaveURL("/maps/barcelona-beyond-the-rambla");
    await expect(banner).toBeHidden();
    expect(await names(context)).toEqual(["sf_consent", "sf_ref", "sf_tid"]);
    const consent = (await context.cookies()).find((c) => c.name === "sf_consent")!;
    const days = (consent.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);

    // The footer leads to the settings, which show the choice and change it.
    await page.getByTestId("site-footer").getByRole("link", { name: "Cookie settings" }).click();
    await expect(page).toHaveURL("/info/cookie-policy#cookie-settings");
    const settings = page.getByTestId("cookie-settings");
    await expect(settings.getByTestId("cookie-settings-status")).toHaveText("You have accepted analytics cookies.");
    await settings.getByRole("button", { name: "Refuse analytics cookies" }).click();
    await expect(settings.getByTestId("cookie-settings-status")).toHaveText("You have refused analytics cookies.");
    expect(await names(context)).toEqual(["sf_consent"]);

    // Refused: no banner again, and pages set nothing more.
    await page.goto("/@lucia_ferrer");
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    expect(await names(context)).toEqual(["sf_consent"]);
  });

  test("refusing from the banner works before the page's scripts run, and asks no more", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await page.goto("/explore");
    await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Refuse analytics cookies" }).click();
    await expect(page).toHaveURL("/explore");
    await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
    expect(await names(context)).toEqual(["sf_consent"]);
    await context.close();
  });

  test("the banner has no serious accessibility violation and works by keyboard", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toBeVisible();
    const results = await new AxeBuilder({ page }).include('[data-testid="cookie-banner"]').analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    await banner.getByRole("button", { name: "Accept analytics cookies" }).focus();
    await page.keyboard.press("Enter");
    await expect(banner).toBeHidden();
  });
});

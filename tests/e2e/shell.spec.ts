import { expect, test } from "@playwright/test";
import { hydrated } from "./support/hydration";

test.describe("header (wide screens)", () => {
  test("shows the logo, the navigation, the inline search and the logged-out buttons", async ({ page }) => {
    await page.goto("/info/copyright");
    const header = page.getByTestId("site-header");
    await expect(header.getByRole("link", { name: "Spotfolio home" })).toHaveAttribute("href", "/");
    await expect(header.getByRole("link", { name: "Explore" })).toHaveAttribute("href", "/explore");
    await expect(header.getByRole("link", { name: "Discover" })).toHaveAttribute("href", "/discover");
    await expect(header.getByRole("link", { name: "My Atlas" })).toHaveAttribute("href", "/atlas");
    await expect(header.getByRole("combobox", { name: "Search" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Sign up for free" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Login" })).toBeVisible();
    // The narrow tab bar is not shown above 920px.
    await expect(page.getByTestId("nav-narrow")).toBeHidden();
  });

  test("highlights Explore on any path starting with /maps", async ({ page }) => {
    await page.goto("/maps/some-map");
    const explore = page.getByTestId("site-header").getByRole("link", { name: "Explore" });
    await expect(explore).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("site-header").getByRole("link", { name: "Discover" })).not.toHaveAttribute("aria-current", "page");
  });

  test("the logo goes home; the inline search submits to /search", async ({ page }) => {
    await page.goto("/info/legal-notice");
    await page.getByRole("link", { name: "Spotfolio home" }).click();
    await expect(page).toHaveURL("/");
    // The home page has rendered (the URL changes before the navigation ends; typing into the
    // header's search while the page swaps could lose the text on a busy runner).
    await expect(page.getByTestId("home-become-creator")).toBeVisible();
    const search = page.getByTestId("site-header").getByRole("combobox", { name: "Search" });
    await search.fill("tapas");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=tapas$/);
  });

  test("is hidden on /studio and /admin paths", async ({ page }) => {
    for (const path of ["/studio/anything", "/admin/anything"]) {
      await page.goto(path);
      await expect(page.getByTestId("error-page")).toBeVisible();
      await expect(page.getByTestId("site-header")).toHaveCount(0);
    }
    await page.goto("/info/copyright");
    await expect(page.getByTestId("site-header")).toBeVisible();
  });
});

test.describe("footer", () => {
  test("links to the six legal pages, the help site and the info mailbox", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByTestId("site-footer");
    const expected: [string, string, string][] = [
      ["Legal notice", "/info/legal-notice", "Legal Notice"],
      ["Privacy policy", "/info/privacy-policy", "Privacy Policy"],
      ["Cookie policy", "/info/cookie-policy", "Cookie Policy"],
      ["Copyright", "/info/copyright", "Copyright Policy"],
      ["Creator terms", "/info/creator-terms", "Creator Terms"],
      ["Creator compensation", "/info/creator-compensation", "Creator Compensation"],
    ];
    for (const [label, href, heading] of expected) {
      await footer.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(href);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    }
    await expect(footer.getByRole("link", { name: "Help & guides" })).toHaveAttribute("href", "https://help.spotfolio.app");
    await expect(footer.getByRole("link", { name: "info@spotfolio.app" })).toHaveAttribute("href", "mailto:info@spotfolio.app");
  });
});

test.describe("navigation behaviour", () => {
  test("scrolls to the top after each navigation", async ({ page }) => {
    await page.goto("/info/privacy-policy");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByTestId("site-footer").getByRole("link", { name: "Cookie policy" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cookie Policy");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("the page title falls back to the last path segment", async ({ page }) => {
    await page.goto("/somewhere/hidden-gems");
    await expect(page).toHaveTitle("Hidden gems | Spotfolio");
    await page.goto("/info/cookie-policy");
    await expect(page).toHaveTitle("Cookie Policy | Spotfolio");
  });

  test("the page-loading bar (3px) shows during a slow navigation and hides afterwards", async ({ page }) => {
    await page.goto("/info/legal-notice");
    const bar = page.getByTestId("loading-bar");
    await expect(bar).toHaveCSS("height", "3px");
    await expect(bar).toHaveCSS("opacity", "0");
    // Hold the next page's data until the bar has shown (past the 200 ms throttle), then let it through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/info/copyright.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId("site-footer").getByRole("link", { name: "Copyright" }).click();
    await expect(bar).toHaveAttribute("data-state", "loading");
    await expect(bar).toHaveCSS("opacity", "1");
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Copyright Policy");
    await expect(bar).toHaveAttribute("data-state", "idle");
    await expect(bar).toHaveCSS("opacity", "0");
  });

  test("a quick navigation never shows the loading bar", async ({ page }) => {
    // The page's timers under the test's control: the bar's throttle is run out below, not waited for.
    await page.clock.install();
    await page.goto("/info/legal-notice");
    await hydrated(page);
    // The page's clock stands still from here: however long a loaded test server takes, the
    // navigation ends within the 200 ms throttle in the page's time, as a quick one does.
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.evaluate(() => {
      const bar = document.querySelector('[data-testid="loading-bar"]') as HTMLElement;
      (window as unknown as { maxOpacity: number }).maxOpacity = 0;
      new MutationObserver(() => {
        const w = window as unknown as { maxOpacity: number };
        w.maxOpacity = Math.max(w.maxOpacity, Number(bar.style.opacity));
      }).observe(bar, { attributes: true });
    });
    await page.getByTestId("site-footer").getByRole("link", { name: "Copyright" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Copyright Policy");
    // Then every timer due in the next second runs (the throttle's, were it still set): the bar stays hidden.
    await page.clock.runFor(1_000);
    expect(await page.evaluate(() => (window as unknown as { maxOpacity: number }).maxOpacity)).toBe(0);
  });
});

import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

const TAPAS = "/discover/guides/how-to-tapas-crawl-barcelona-and-madrid";
// Bots get no error page; a browser's user agent gets the real status.
const ua = { "User-Agent": "Mozilla/5.0 Chrome/156" };

test.describe("discover", () => {
  test("/discover → a category → an article → one of its maps", async ({ page }) => {
    const response = await page.goto("/discover");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Discover");
    await expect(page.getByTestId("site-header").getByRole("link", { name: "Discover" })).toHaveAttribute("aria-current", "page");
    expect(await page.getByTestId("article-cards").getByRole("listitem").count()).toBeGreaterThanOrEqual(3);

    const filter = page.getByRole("navigation", { name: "Categories" });
    await expect(filter.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
    await filter.getByRole("link", { name: "Food" }).click();
    await expect(page).toHaveURL("/discover?category=food");
    await expect(filter.getByRole("link", { name: "Food" })).toHaveAttribute("aria-current", "page");
    await expect(filter.getByRole("link", { name: "All" })).not.toHaveAttribute("aria-current", "page");
    const cards = page.getByTestId("article-cards").getByRole("listitem");
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("Guide");

    await cards.getByRole("link", { name: /How to Tapas Crawl in Barcelona and Madrid/ }).click();
    await expect(page).toHaveURL(TAPAS);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("How to Tapas Crawl in Barcelona and Madrid");
    await expect(page.getByTestId("article-type")).toHaveText("Guide");
    await expect(page.locator("article time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
    // The Markdown body: headings below the title, lists and emphasis.
    await expect(page.getByRole("heading", { level: 2, name: "The golden rules" })).toBeVisible();
    await expect(page.locator("article li strong").first()).toHaveText("Eat late, but not too late.");

    const maps = page.getByRole("region", { name: "Maps in this article" });
    await expect(maps.getByTestId("map-cards").getByRole("listitem")).toHaveCount(2);
    await maps.getByRole("link", { name: /Barcelona Beyond the Rambla/ }).click();
    await expect(page).toHaveURL("/maps/barcelona-beyond-the-rambla");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Barcelona Beyond the Rambla");
  });

  test("an article's head: title, canonical, Open Graph and Article JSON-LD", async ({ page, request }) => {
    await page.goto(TAPAS);
    await expect(page).toHaveTitle("How to Tapas Crawl in Barcelona and Madrid");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${TAPAS}$`));
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "How to Tapas Crawl in Barcelona and Madrid");
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", /^summary/);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "null");
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: "How to Tapas Crawl in Barcelona and Madrid",
      datePublished: expect.stringMatching(/^\d{4}-/),
    });

    // In the HTML itself, nothing inside the JSON-LD can close its script element.
    const html = await (await request.get(TAPAS, { headers: ua })).text();
    const script = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
    expect(script).toBeDefined();
    expect(script).not.toContain("<");
  });

  for (const path of ["/discover", "/discover?category=bars", TAPAS]) {
    test(`no serious accessibility violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByTestId("site-footer")).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    });
  }
});

import { expect, test, type Page } from "@playwright/test";
import { hydrated } from "./support/hydration";

/** Pretend a new build was deployed: the manifest endpoint names another build. */
async function deployNewBuild(page: Page) {
  await page.route("**/builds/latest.json*", (route) =>
    route.fulfill({ contentType: "application/json", body: JSON.stringify({ id: "a-newer-build", timestamp: new Date().toISOString() }) }),
  );
}

async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
}
const sameDocument = (page: Page) => page.evaluate(() => Boolean((window as unknown as { sameDocument?: boolean }).sameDocument));

test.describe("stale builds", () => {
  test("a navigation after a new deployment loads the new build as a full page, once", async ({ page }) => {
    await page.goto("/info/legal-notice");
    await markDocument(page);
    // Same build: navigation stays on the client.
    await page.getByTestId("site-footer").getByRole("link", { name: "Copyright" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Copyright Policy");
    expect(await sameDocument(page)).toBe(true);

    await deployNewBuild(page);
    // Force the next navigation to re-check (checks are cached for 30 s).
    await page.clock.install();
    await page.clock.fastForward(31_000);
    await page.getByTestId("site-footer").getByRole("link", { name: "Cookie policy" }).click();
    await expect(page).toHaveURL("/info/cookie-policy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cookie Policy");
    // A new document: the marker is gone, and the page is not blank.
    expect(await sameDocument(page)).toBe(false);
    await expect(page.getByTestId("site-footer")).toBeVisible();

    // Within the 10 s reload guard, the next navigation does not reload again
    // (once the new document is hydrated; before that a click is a plain page load).
    await hydrated(page);
    await markDocument(page);
    await page.getByTestId("site-footer").getByRole("link", { name: "Privacy policy" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
    expect(await sameDocument(page)).toBe(true);
  });
});

test.describe("the build manifest", () => {
  test("the build manifest names the running build", async ({ request, page }) => {
    const latest = await (await request.get("/builds/latest.json?t=1")).json();
    await page.goto("/info/copyright");
    const version = await page.evaluate(() => (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest.version);
    expect(latest.id).toBe(version);
  });
});

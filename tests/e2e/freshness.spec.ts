import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { signIn } from "./support/fixtures";
import { hydrated } from "./support/hydration";

// Issue 14: whatever the public pages cache, a creator's change is what the very next anonymous
// request sees. Each public answer is requested twice before the change (so any cache is warm and
// would be the one to answer) and once after it, with nothing in between.
//
// This spec's own creator (support/fixtures.ts): no demo creator's data is touched.
const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
// An unusual word, so that the search finds this map by it and nothing else near the top.
const TITLE = `Quokkaland walk ${suffix}`;
const SLUG = `quokkaland-walk-${suffix}`;
const SEARCH = "quokkaland";
// The gated spot's fields: an anonymous visitor may read them only while the spot is public.
const GATED = [`Sunrise terrace ${suffix}`, `Quokka lane ${suffix}`, `ask for the corner table ${suffix}`];

/** A published 30-spot map, made in the Studio; returns its id and the gated-to-be spot's public path. */
async function publishedMap(page: Page, baseURL: string): Promise<{ mapId: string; studioSpot: string }> {
  await page.goto("/studio/maps");
  await page.getByRole("button", { name: "New map" }).click();
  await expect(page).toHaveURL(/\/studio\/maps\/[0-9a-f-]{36}$/);
  const mapId = new URL(page.url()).pathname.split("/").pop()!;

  await page.getByRole("tab", { name: "Settings" }).click();
  const settings = page.getByTestId("map-settings");
  await settings.getByLabel("Title").fill(TITLE);
  await settings.getByLabel("Address (slug)").fill(SLUG);
  await expect(settings.getByTestId("save-status")).toHaveAttribute("data-status", "saved");

  // 30 spots through the editor's own action, as its fetchers send them.
  for (let n = 1; n <= 30; n++) {
    const response = await page.request.post(`/studio/maps/${mapId}`, {
      headers: { Origin: baseURL },
      form: { intent: "create-spot", name: `Stop ${n}`, lat: String(-31.95 + n / 1000), lng: String(115.86 + n / 1000) },
    });
    expect(response.ok()).toBe(true);
  }

  // Stop 1's details, on its Studio page (opened from the editor's panel, as a creator does).
  await page.reload();
  await page.getByRole("button", { name: "Stop 1", exact: true }).click();
  await page.getByRole("button", { name: "Edit details" }).click();
  await page.getByRole("link", { name: "Open on its own page" }).click();
  await expect(page).toHaveURL(/\/studio\/maps\/[0-9a-f-]{36}\/spots\/[0-9a-f-]{36}$/);
  const studioSpot = new URL(page.url()).pathname;
  // The spot form's field (name="summary"): while the client navigation settles, the editor's map
  // settings, with a "Summary" of their own, can still be on the page.
  await page.locator('textarea[name="summary"]').fill(GATED[0]);
  await page.getByLabel("Address").fill(GATED[1]);
  await page.getByLabel("Description", { exact: true }).fill(`Come early and ${GATED[2]}.`);
  await expectSaved(page);

  await page.goto(`/studio/maps/${mapId}`);
  await page.getByTestId("publish-label").click();
  await expect(page).toHaveURL(`/studio/map-is-ready?map=${mapId}`);
  return { mapId, studioSpot };
}

async function expectSaved(page: Page) {
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved");
}

/** One anonymous request: status and body (HTML, or the route data of a `.data` URL). */
async function get(request: APIRequestContext, path: string): Promise<{ status: number; body: string }> {
  const response = await request.get(path, { maxRedirects: 0 });
  return { status: response.status(), body: await response.text() };
}

/** The route data URL of a page, as client-side navigation fetches it. */
const dataUrl = (path: string) => {
  const url = new URL(path, "http://x");
  return `${url.pathname}.data${url.search}`;
};

test("unpublishing a map and gating a spot are what the very next anonymous request sees", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const { handle } = await signIn(page, "creator", { handle: `fresh_${suffix}`, maps: 0 });
  const { mapId, studioSpot } = await publishedMap(page, baseURL!);

  // A visitor who is not signed in (the answered cookie banner only).
  const visitor = await browser.newContext({ baseURL, storageState: test.info().project.use.storageState });
  const anon = visitor.request;
  const mapPage = `/maps/${SLUG}`;
  const mapHtml = await get(anon, mapPage);
  expect(mapHtml.status).toBe(200);
  const spotPath = mapHtml.body.match(new RegExp(`href="(/maps/${SLUG}/spots/[^"]+)"[^>]*>(?:(?!</a>).)*?Stop 1<`, "s"))?.[1];
  expect(spotPath, "the map page links Stop 1's page").toBeTruthy();
  const spotPage = spotPath!;

  // 1. A spot made supporters-only: the map and spot pages show the locked teaser at once.
  const gatedPages = [mapPage, spotPage, dataUrl(mapPage), dataUrl(spotPage)];
  for (let round = 0; round < 2; round++) {
    for (const path of gatedPages) {
      const { status, body } = await get(anon, path);
      expect(status, path).toBe(200);
      for (const field of path.includes("/spots/") ? GATED : [GATED[0]]) expect(body, `${field} in ${path} while public`).toContain(field);
      expect(body, path).not.toContain("locked-badge");
    }
  }
  await page.goto(studioSpot);
  // The choice saves through the hydrated form: a click before hydration only ticks the radio.
  await hydrated(page);
  await page.getByText("Supporters only", { exact: true }).click();
  await expect(page.getByTestId("visibility-lock")).toHaveText("Supporters only");
  await expectSaved(page);
  for (const path of gatedPages) {
    const { status, body } = await get(anon, path);
    expect(status, path).toBe(200);
    for (const field of GATED) expect(body, `${field} in ${path} after gating`).not.toContain(field);
    if (!path.endsWith(".data"))
      expect(body, `the locked teaser on ${path}`).toContain(path.includes("/spots/") ? 'data-testid="locked-spot"' : 'data-testid="locked-badge"');
  }
  // And in the browser, as a visitor sees it.
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(spotPage);
  await expect(visitorPage.getByTestId("locked-spot")).toBeVisible();
  await expect(visitorPage.getByText(GATED[0])).toHaveCount(0);

  // 2. The map unpublished: gone from its page, the creator's page, search and the sitemap at once.
  const creatorPage = `/@${handle}`;
  const listings = [creatorPage, `${creatorPage}/maps`, dataUrl(creatorPage), `/api/search?q=${SEARCH}`, `/search?q=${SEARCH}`, "/sitemap.xml"];
  for (let round = 0; round < 2; round++) {
    expect((await get(anon, mapPage)).status).toBe(200);
    expect((await get(anon, dataUrl(mapPage))).status).toBe(200);
    for (const path of listings) {
      const { status, body } = await get(anon, path);
      expect(status, path).toBe(200);
      expect(body, `the map in ${path} while published`).toContain(SLUG);
    }
  }
  await page.goto("/studio/maps");
  const row = page.locator(`[data-testid="studio-map"][data-map-id="${mapId}"]`);
  await row.getByRole("button", { name: "Unpublish" }).click();
  await expect(row.getByTestId("map-status")).toHaveText("Draft");
  expect((await get(anon, mapPage)).status).toBe(404);
  expect((await get(anon, dataUrl(mapPage))).body).not.toContain(TITLE);
  expect((await get(anon, spotPage)).status).toBe(404);
  for (const path of listings) {
    const { body } = await get(anon, path);
    expect(body, `the map in ${path} after unpublishing`).not.toContain(SLUG);
    expect(body, `the map in ${path} after unpublishing`).not.toContain(TITLE);
  }
  await visitorPage.goto(mapPage);
  await expect(visitorPage.getByRole("heading", { name: TITLE })).toHaveCount(0);
  await visitor.close();
});

import { expect, test } from "@playwright/test";

// Gated fields of the demo's members-only spots and the names of the unpublished map and spot:
// an anonymous visitor must not receive any of them, from any public page or its data.
const GATED = [
  "Carrer de la Unió 17", // Bar Cañete (premium): address
  "bikini sandwich", // its description
  "Carrer del Baluard 56", // La Cova Fumada (supporters): address
  "original bomba", // its description
  "41.3796,", // exact positions
  "2.1733",
  "2.1895",
];
const UNPUBLISHED = ["Porto Riverside Notes", "porto-riverside-notes", "Livraria Lello", "Bar Termini"];

test("no public page in the sitemap, nor its navigation data, carries a gated field or an unpublished item", async ({ request, baseURL }) => {
  test.setTimeout(240_000);
  const xml = await (await request.get("/sitemap.xml")).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  expect(paths.length).toBeGreaterThan(300);
  for (const secret of UNPUBLISHED) expect(xml).not.toContain(secret);
  const extra = ["/explore", "/explore?category=food", "/search?q=bar", "/api/search?q=bomba", "/api/search?q=bikini", "/api/search?q=porto", "/maps"];
  for (const path of [...paths, ...extra]) {
    const page = await request.get(path);
    expect(page.status(), path).toBe(200);
    const html = await page.text();
    for (const secret of [...GATED, ...UNPUBLISHED]) expect(html, `${secret} in ${path}`).not.toContain(secret);
    if (path.startsWith("/api/")) continue;
    const url = new URL(path, baseURL);
    const data = await (await request.get(`${url.pathname === "/" ? "/_root" : url.pathname}.data${url.search}`)).text();
    for (const secret of [...GATED, ...UNPUBLISHED]) expect(data, `${secret} in ${path}.data`).not.toContain(secret);
  }
});

test("moving between the spots of a map keeps the scroll position", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto("/maps/barcelona-beyond-the-rambla/spots/cal-pep");
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
  const next = page.getByRole("navigation", { name: "More spots on this map" }).getByRole("link").last();
  await next.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(0);
  await next.click();
  await expect(page).toHaveURL("/maps/barcelona-beyond-the-rambla/spots/el-xampanyet");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("El Xampanyet");
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
});

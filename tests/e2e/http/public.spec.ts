/**
 * Public answers asked for without a browser (the "http" project): unknown and unpublished
 * addresses, what search engines and bots get, and that no gated or unpublished text leaves
 * the server for an anonymous visitor.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../support/http";

// Lucía Ferrer's demo map (read-only): Cal Pep is public, Bar Cañete Premium.
const MAP = "/maps/barcelona-beyond-the-rambla";
const LUCIA = "/@lucia_ferrer";
const TAPAS = "/discover/guides/how-to-tapas-crawl-barcelona-and-madrid";
// Bots get no error page; a browser's user agent gets the real status.
const ua = { "User-Agent": "Mozilla/5.0 Chrome/156" };
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

test.describe("unknown and unpublished addresses", () => {
  test("unknown handles and non-@ paths are 404", async ({ request }) => {
    const ua = { "User-Agent": "Mozilla/5.0 Chrome/156" };
    expect((await request.get("/@nobody_here", { headers: ua })).status()).toBe(404);
    expect((await request.get("/lucia_ferrer", { headers: ua })).status()).toBe(404);
  });

  test("unknown maps and spots are 404", async ({ request }) => {
    const missing = await request.get("/maps/no-such-map", { headers: { "User-Agent": "Mozilla/5.0 Chrome/156" } });
    expect(missing.status()).toBe(404);
    const missingSpot = await request.get(`${MAP}/spots/no-such-spot`, { headers: { "User-Agent": "Mozilla/5.0 Chrome/156" } });
    expect(missingSpot.status()).toBe(404);
  });

  test("unknown and unpublished spots are not found in Explore", async ({ request }) => {
    const ua = { "User-Agent": "Mozilla/5.0 Chrome/156" };
    expect((await request.get("/explore/no-such-spot", { headers: ua })).status()).toBe(404);
    expect((await request.get("/explore/bar-termini", { headers: ua })).status()).toBe(404);
    expect((await request.get("/explore/livraria-lello", { headers: ua })).status()).toBe(404);
  });

  test("bots get the bare status and no error page", async ({ request }) => {
    const response = await request.get("/no/such/page", {
      headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
    });
    expect(response.status()).toBe(404);
    expect(await response.text()).toBe("");
  });

  test("the files have their media types, and an unpublished map has none to download", async ({ request }) => {
    const gpx = await request.get(`${MAP}/export.gpx`);
    expect(gpx.status()).toBe(200);
    expect(gpx.headers()["content-type"]).toBe("application/gpx+xml; charset=utf-8");
    // Locked spots differ by viewer: the file is private to each.
    expect(gpx.headers()["cache-control"]).toBe("private, no-store");
    expect((await request.get(`${MAP}/export.geojson`)).headers()["content-type"]).toBe("application/geo+json; charset=utf-8");
    // The demo's unpublished map: not found for a visitor, as its page is.
    const hidden = await request.get("/maps/porto-riverside-notes/export.kml");
    expect(hidden.status()).toBe(404);
    expect(await hidden.text()).not.toContain("Livraria Lello");
  });
});

test.describe("what search engines and bots get", () => {
  test("maps and spots carry structured data for search engines", async ({ request }) => {
    const mapHtml = await (await request.get(MAP)).text();
    const itemList = JSON.parse(mapHtml.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]);
    expect(itemList["@type"]).toBe("ItemList");
    expect(itemList.itemListElement[0]).toMatchObject({ "@type": "ListItem", position: 1 });
    expect(itemList.numberOfItems).toBeGreaterThanOrEqual(30);

    const spotHtml = await (await request.get(`${MAP}/spots/cal-pep`)).text();
    const place = JSON.parse(spotHtml.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]);
    expect(place).toMatchObject({ "@type": "Place", name: "Cal Pep", geo: { latitude: 41.3842, longitude: 2.1829 } });
    // A locked spot has no Place data at all, so no position or address leaks through it.
    const lockedHtml = await (await request.get(`${MAP}/spots/bar-canete`)).text();
    expect(lockedHtml).not.toContain("application/ld+json");
  });

  test("sitemap article URLs answer 200, a wrong type redirects, unknown ones are 404", async ({ request }) => {
    const xml = await (await request.get("/sitemap.xml")).text();
    const paths = [...xml.matchAll(/<loc>[^<]*?(\/discover\/[^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(paths).toContain(TAPAS);
    for (const path of paths) expect((await request.get(path, { headers: ua })).status(), path).toBe(200);

    const moved = await request.get("/discover/stories/how-to-tapas-crawl-barcelona-and-madrid", { headers: ua, maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(TAPAS);

    expect((await request.get("/discover/guides/no-such-article", { headers: ua })).status()).toBe(404);
    expect((await request.get("/discover?category=no-such-category", { headers: ua })).status()).toBe(404);
  });

  test("bots get no analytics cookies", async ({ request }) => {
    const response = await request.get(LUCIA, { headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } });
    expect(response.status()).toBe(200);
    const names = response
      .headersArray()
      .filter((h) => h.name.toLowerCase() === "set-cookie")
      .map((h) => h.value.split("=")[0]);
    expect(names).not.toContain("sf_tid");
    expect(names).not.toContain("sf_ref");
  });
});

test.describe("nothing gated or unpublished leaks", () => {
  test("the endpoint returns the four groups with counts and never a locked spot's text", async ({ request }) => {
    const results = await (await request.get("/api/search?q=barcelona")).json();
    for (const group of ["spots", "maps", "creators", "destinations"]) {
      expect(results[group]).toEqual({ items: expect.any(Array), count: expect.any(Number) });
    }
    expect(results.destinations.items[0]).toMatchObject({ name: "Barcelona", country: "ES" });
    expect(results.maps.items.map((m: { title: string }) => m.title)).toContain("Barcelona Beyond the Rambla");
    // Bar Cañete is premium: its address is not searchable by anonymous visitors.
    const locked = await (await request.get("/api/search?q=Carrer%20de%20la%20Uni%C3%B3")).json();
    expect(JSON.stringify(locked)).not.toContain("Bar Cañete");
    // Its name is public (the map page shows it, locked): found by it, accents or not, and shown locked, without its text.
    const byName = await (await request.get("/api/search?q=bar%20canete")).json();
    expect(byName.spots.items).toContainEqual(expect.objectContaining({ name: "Bar Cañete", locked: true, visibility: "premium" }));
    for (const secret of GATED) expect(JSON.stringify(byName)).not.toContain(secret);
    expect((await request.get("/api/search?q=%27%3B%20drop%20table")).status()).toBe(200);
  });

  test("no public page in the sitemap, nor its navigation data, carries a gated field or an unpublished item", async ({ request, baseURL }) => {
    test.setTimeout(240_000);
    const xml = await (await request.get("/sitemap.xml")).text();
    const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(paths.length).toBeGreaterThan(300);
    for (const secret of UNPUBLISHED) expect(xml).not.toContain(secret);
    const extra = ["/explore", "/explore?category=food", "/search?q=bar", "/api/search?q=bomba", "/api/search?q=bikini", "/api/search?q=porto", "/maps"];
    const listed = async () => [...(await (await request.get("/sitemap.xml")).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    const check = async (path: string) => {
      const page = await request.get(path);
      // Other specs unpublish and delete their own maps meanwhile: a page that has left the sitemap too is no public page.
      if (page.status() === 404 && paths.includes(path) && !(await listed()).includes(path)) return;
      expect(page.status(), path).toBe(200);
      const html = await page.text();
      for (const secret of [...GATED, ...UNPUBLISHED]) expect(html, `${secret} in ${path}`).not.toContain(secret);
      if (path.startsWith("/api/")) return;
      const url = new URL(path, baseURL);
      const data = await (await request.get(`${url.pathname === "/" ? "/_root" : url.pathname}.data${url.search}`)).text();
      for (const secret of [...GATED, ...UNPUBLISHED]) expect(data, `${secret} in ${path}.data`).not.toContain(secret);
    };
    // Four visitors' worth of requests at a time: every path is checked, the server is never idle.
    const queue = [...paths, ...extra];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let path = queue.shift(); path !== undefined; path = queue.shift()) await check(path);
      }),
    );
  });
});

test.describe("what a first load downloads", () => {
  /** The script files a page's HTML has the browser load at once (module preloads and module scripts). */
  const firstLoadScripts = async (request: APIRequestContext, path: string) => {
    const response = await request.get(path, { headers: ua });
    expect(response.status()).toBe(200);
    return [...(await response.text()).matchAll(/(?:href|src)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  };

  test("a creator's page does not download the map pages' scripts, which a map page does", async ({ request }) => {
    // The map pages' chunk (vite.config.ts): a map page loads it on its first load...
    expect((await firstLoadScripts(request, MAP)).filter((file) => file.includes("/map-pages-"))).toHaveLength(1);
    // ...and a creator's page, which shares only the Follow and Support buttons with it, does not
    // (the Follow button once brought the whole chunk, 11 KB gz, to every creator's page).
    const creatorPage = await firstLoadScripts(request, LUCIA);
    expect(creatorPage.length).toBeGreaterThan(0);
    expect(creatorPage.filter((file) => file.includes("/map-pages-"))).toEqual([]);
  });

  test("the stylesheet, the one file that holds back the first paint, is asked for before any script", async ({ request }) => {
    for (const path of ["/", MAP, LUCIA]) {
      const response = await request.get(path, { headers: ua });
      const head = (await response.text()).split("</head>")[0];
      const files = [...head.matchAll(/<link[^>]*\shref="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
      // Behind a dozen module preloads it waited for one of a browser's six HTTP/1.1 connections.
      expect(files[0], path).toMatch(/\.css$/);
      expect(files.filter((file) => file.endsWith(".js")).length, path).toBeGreaterThan(0);
    }
  });
});

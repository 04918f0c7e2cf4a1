import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { signIn } from "./support/fixtures";
import { startMap } from "./support/map";
import { hydrated } from "./support/hydration";

// Lucía Ferrer's demo map (read-only here): Cal Pep is public; Bar Cañete (premium) and La Cova Fumada (supporters) are locked for a visitor.
const MAP = "/maps/barcelona-beyond-the-rambla";
const TITLE = "Barcelona Beyond the Rambla";
// The locked spots' names, gated fields and exact positions: none may be in a visitor's file.
const LOCKED = ["Bar Cañete", "La Cova Fumada", "Carrer de la Unió 17", "bikini sandwich", "Carrer del Baluard 56", "original bomba", "2.1733", "2.1895"];

test.describe("map downloads and Open in links", () => {
  test("an anonymous visitor downloads the map as GPX, KML and GeoJSON, without the locked spots", async ({ page }) => {
    await page.goto(MAP);
    await hydrated(page);
    await expect(page.getByTestId("map-downloads")).toContainText("Download:");
    await expect(page.getByTestId("map-downloads")).toContainText(/\(\d+ locked spots? not included\)/);
    for (const [label, ext, marker] of [
      ["GPX", "gpx", "<gpx"],
      ["KML", "kml", "<kml"],
      ["GeoJSON", "geojson", '"FeatureCollection"'],
    ]) {
      const downloading = page.waitForEvent("download");
      await page.getByRole("link", { name: `Download ${TITLE} as ${label}` }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`barcelona-beyond-the-rambla.${ext}`);
      const body = await readFile(await download.path(), "utf8");
      expect(body).toContain(marker);
      expect(body).toContain("Cal Pep");
      expect(body).toContain("Let the cooks choose for you"); // a public spot's note
      for (const secret of LOCKED) expect(body, `${secret} in the ${label} file`).not.toContain(secret);
    }
  });

  test("a public spot opens in maps apps at its exact place; a locked spot offers none", async ({ page }) => {
    await page.goto(`${MAP}/spots/cal-pep`);
    const openIn = page.getByRole("navigation", { name: "Open in" });
    await expect(openIn.getByRole("link")).toHaveText(["Google Maps", "Apple Maps", "OsmAnd", "Organic Maps", "Other app"]);
    await expect(openIn.getByRole("link", { name: "Google Maps" })).toHaveAttribute("href", "https://www.google.com/maps/search/?api=1&query=41.3842,2.1829");
    await expect(openIn.getByRole("link", { name: "OsmAnd" })).toHaveAttribute("href", /pin=41\.3842,2\.1829/);
    await expect(openIn.getByRole("link", { name: "Other app" })).toHaveAttribute("href", /^geo:41\.3842,2\.1829\?/);

    await page.goto(`${MAP}/spots/bar-canete`);
    await expect(page.getByTestId("locked-spot")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Open in" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Google Maps" })).toHaveCount(0);
  });
});

test("a spot's pin offers Open in links in its popup; a locked spot's pin does not", async ({ page }) => {
  await page.goto(`${MAP}/spots/cal-pep`);
  const map = page.getByRole("region", { name: "Where Cal Pep is" });
  await startMap(map);
  await map.getByRole("button", { name: "Cal Pep", exact: true }).click();
  const openIn = map.getByTestId("popup-open-in");
  await expect(openIn.getByRole("link")).toHaveText(["Google Maps", "Apple Maps", "OsmAnd", "Organic Maps", "Other app"]);
  await expect(openIn.getByRole("link", { name: "Google Maps" })).toHaveAttribute("href", "https://www.google.com/maps/search/?api=1&query=41.3842,2.1829");

  await page.goto(`${MAP}/spots/bar-canete`);
  const locked = page.getByRole("region", { name: "Where Bar Cañete is" });
  await startMap(locked);
  await locked.getByRole("button", { name: "Bar Cañete (locked, approximate area)" }).click();
  await expect(locked.locator(".maplibregl-popup")).toContainText("Bar Cañete");
  await expect(locked.getByTestId("popup-open-in")).toHaveCount(0);
});

test("a creator downloads her own map from the Studio with every spot, the locked ones included", async ({ page }) => {
  // A creator of this test's own: its second spot is Premium, its third supporters-only.
  const { maps } = await signIn(page, "creator", { prefix: "exporter", gated: true });
  const [map] = maps;
  const [open, premium, supporters] = map.spots;
  expect([premium.visibility, supporters.visibility]).toEqual(["premium", "supporters"]);
  await page.goto("/studio/maps");
  const row = page.getByTestId("studio-map").filter({ hasText: map.title });
  const downloading = page.waitForEvent("download");
  await row.getByRole("link", { name: `Download ${map.title} as GPX` }).click();
  const body = await readFile(await (await downloading).path(), "utf8");
  for (const spot of [open, premium, supporters]) expect(body).toContain(`<name>${spot.name}</name>`);
  // A locked spot's gated description too.
  expect(body).toContain("A longer description of spot 2.");
});

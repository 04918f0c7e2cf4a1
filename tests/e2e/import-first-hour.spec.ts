/**
 * Issue 28, items 18 and 19: what a new creator's first import shows. Several GPX files dropped at
 * once can become one map (the preview says they would be several); a Takeout list's tags are
 * private labels the Studio's spot list filters by, and no public page shows; a "Dropped pin"
 * is named from its note or waits for a name; Explore's category chips are the site's, never a
 * creator's own. Each test makes its own creator and files.
 */
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support/fixtures";

const IMPORT = "/studio/maps/import/google-saved-lists";

/** Drop files on the drop zone as a browser does (a drop event carrying them), once the page's scripts listen. */
async function dropFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const zone = page.getByTestId("import-drop-zone");
  const payload = files.map((f) => ({ name: f.name, mimeType: f.mimeType, base64: f.buffer.toString("base64") }));
  await expect(async () => {
    const dataTransfer = await page.evaluateHandle((list) => {
      const transfer = new DataTransfer();
      for (const f of list) transfer.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.mimeType }));
      return transfer;
    }, payload);
    await zone.dispatchEvent("drop", { dataTransfer });
    await expect(zone).toContainText(files.map((f) => f.name).join(", "), { timeout: 1_000 });
  }).toPass();
}

/** Upload, preview, confirm; lands on the first map's editor. */
async function importFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.goto(IMPORT);
  await page.locator("#import-files").setInputFiles(file);
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByTestId("import-preview")).toBeVisible();
  await page.getByRole("button", { name: "Confirm import" }).click();
  await expect(page).toHaveURL(/\/studio\/maps\/[0-9a-f-]{36}\?imported=/);
  await expect(page.getByTestId("imported-notice")).toBeVisible();
}

const gpx = (name: string, lat: number) =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
  <metadata><name>${name}</name></metadata>
  <wpt lat="${lat}" lon="-68.3"><name>${name} viewpoint</name></wpt>
  <trk><name>${name} walk</name><trkseg><trkpt lat="${lat}" lon="-68.3"/><trkpt lat="${lat + 0.01}" lon="-68.31"/></trkseg></trk>
</gpx>
`);

test("several GPX files dropped at once: the preview says they would be several maps, and puts them in one", async ({ page }) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const days = [`Day 1 ${tag}`, `Day 2 ${tag}`, `Day 3 ${tag}`];
  await signIn(page, "creator", { prefix: "gpx-days", maps: 0 });
  await page.goto(IMPORT);
  // How to get an export out of Google, step by step (item 19e).
  const howTo = page.getByTestId("import-how-to");
  await expect(howTo).toContainText("takeout.google.com");
  await expect(howTo).toContainText("Export to KML/KMZ");

  await dropFiles(
    page,
    days.map((day, i) => ({ name: `day-${i + 1}.gpx`, mimeType: "application/gpx+xml", buffer: gpx(day, -54.8 + i * 0.05) })),
  );
  await page.getByRole("button", { name: "Preview import" }).click();
  const separate = page.getByTestId("import-separate-maps");
  await expect(separate).toContainText(`These 3 lists would become 3 separate new draft maps: “${days[0]}”, “${days[1]}”, “${days[2]}”.`);
  await separate.getByRole("button", { name: "Put them all in one new map" }).click();
  await expect(separate).toHaveCount(0);
  await expect(page.getByLabel(`Import “${days[0]}” into`)).toHaveValue("new");
  await expect(page.getByLabel(`Import “${days[1]}” into`)).toHaveValue("list:0");
  await expect(page.getByLabel(`Import “${days[2]}” into`)).toHaveValue("list:0");

  await page.getByRole("button", { name: "Confirm import" }).click();
  await expect(page).toHaveURL(/\/studio\/maps\/[0-9a-f-]{36}\?imported=3/);
  await expect(page.getByRole("heading", { name: days[0], level: 1 })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Spots (3)" })).toBeVisible();
  await expect(page.getByTestId("spot-row-name")).toHaveText(days.map((day) => `${day} viewpoint`));

  // One map, not three.
  await page.goto("/studio/maps");
  await expect(page.getByRole("link", { name: days[0], exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: days[1], exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: days[2], exact: true })).toHaveCount(0);
});

test("Takeout tags are private labels the Studio's spot list filters by; a Dropped pin is named from its note or waits for a name", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, "creator", { prefix: "labels", maps: 0 });
  const csv = [
    "Title,Note,URL,Tags,Comment",
    'Bar Marsella,Absinthe since 1820,"https://www.google.com/maps/search/-54.801,-68.301",⭐ Favourites,',
    'El Xampanyet,,"https://www.google.com/maps/search/-54.802,-68.302",⭐ Favourites; 🍸 Bars,',
    'Bar Pastis,,"https://www.google.com/maps/search/-54.803,-68.303",🍸 Bars,',
    'Dropped pin,"Tiny vermouth bar\nno sign outside","https://www.google.com/maps/search/-54.804,-68.304",,',
    'Dropped pin,,"https://www.google.com/maps/search/-54.805,-68.305",,',
  ].join("\n");
  await importFile(page, { name: "Ushuaia bars.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page.getByRole("heading", { name: "Ushuaia bars", level: 1 })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Spots (4)" })).toBeVisible();
  const rows = page.getByTestId("spot-row");
  await expect(rows.getByTestId("spot-row-name")).toHaveText([/^Bar Marsella/, /^El Xampanyet/, /^Bar Pastis/, /^Tiny vermouth bar/]);
  await expect(rows.nth(1).getByTestId("spot-row-labels")).toHaveText("Labels: ⭐ Favourites · 🍸 Bars");

  // The filter: only the creator's labels, with their counts.
  const filter = page.getByTestId("label-filter");
  await expect(filter.locator("option")).toHaveText(["All spots (4)", "⭐ Favourites (2)", "🍸 Bars (2)"]);
  await filter.selectOption("⭐ Favourites");
  await expect(rows.getByTestId("spot-row-name")).toHaveText([/^Bar Marsella/, /^El Xampanyet/]);
  await filter.selectOption("🍸 Bars");
  await expect(rows.getByTestId("spot-row-name")).toHaveText([/^El Xampanyet/, /^Bar Pastis/]);
  // The rows keep their place in the map's order.
  await expect(rows.nth(1)).toHaveText(/^3\s*Bar Pastis/);
  await filter.selectOption("");
  await expect(rows).toHaveCount(4);

  // The Dropped pin without a note waits in the review queue for a name.
  await page.getByTestId("review-link").click();
  const waiting = page.getByTestId("review-row");
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText("Needs a name");
  await expect(waiting.getByTestId("review-row-name")).toHaveText("No name");

  // The public page (the owner sees the draft) shows no label, and the note stays the note.
  const publicPath = await page.getByTestId("public-link").getAttribute("href");
  await page.goto(publicPath!);
  await expect(page.getByRole("heading", { name: "Ushuaia bars" })).toBeVisible();
  await expect(page.locator("body")).toContainText("Bar Marsella");
  await expect(page.locator("body")).not.toContainText("Favourites");
  await expect(page.locator("body")).not.toContainText("Dropped pin");
});

test("Explore's category chips are the site's categories, not a creator's own from an import", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "creator", { prefix: "harbour", maps: 0 });
  const own = `Harbour walks ${Date.now().toString(36)}`;
  const features = Array.from({ length: 30 }, (_, i) => ({
    type: "Feature",
    geometry: { type: "Point", coordinates: [-68.3 + i * 0.001, -54.8 - i * 0.001] },
    properties: { name: `Harbour stop ${i + 1}`, category: own },
  }));
  const geojson = JSON.stringify({ type: "FeatureCollection", name: `Harbour ${own}`, features });
  await importFile(page, { name: "harbour.geojson", mimeType: "application/geo+json", buffer: Buffer.from(geojson) });
  await expect(page.getByRole("tab", { name: "Spots (30)" })).toBeVisible();
  await expect(page.getByTestId("publish-label")).toHaveText("Publish");
  await page.getByTestId("publish-label").click();
  await expect(page).toHaveURL(/\/studio\/map-is-ready\?map=/);

  await page.goto("/explore");
  const chips = page.getByRole("navigation", { name: "Categories" });
  // The site's categories are there (the demo content's)...
  await expect(chips.getByRole("link", { name: "Coffee", exact: true })).toBeVisible();
  // ...and the creator's own, which their 30 published spots carry, is not.
  await expect(chips.getByRole("link", { name: own })).toHaveCount(0);
  await expect(chips).not.toContainText("Harbour walks");
});

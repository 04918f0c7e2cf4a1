import { expect, test, type Locator, type Page } from "@playwright/test";
import { signIn } from "./support/fixtures";
import { hydrated } from "./support/hydration";

/** A creator of this test's own, with no maps yet, on the Studio's list of maps. */
async function asCreator(page: Page) {
  await signIn(page, "creator", { prefix: "editor", maps: 0 });
  await page.goto("/studio/maps");
}

/** A new, empty map of this test's creator, made with the Studio's "New map"; its editor is open. */
async function newMap(page: Page): Promise<string> {
  await asCreator(page);
  await page.getByRole("button", { name: "New map" }).click();
  await expect(page).toHaveURL(/\/studio\/maps\/[0-9a-f-]{36}$/);
  await hydrated(page);
  return new URL(page.url()).pathname.split("/").pop()!;
}

/** Where an element is once it has stopped moving (two readings in a row agree) and is inside the viewport. */
async function restingBox(locator: Locator) {
  let last = "";
  await expect
    .poll(async () => {
      const box = await locator.boundingBox();
      const reading = JSON.stringify(box);
      const resting = box !== null && reading === last && box.x >= 0 && box.y >= 0;
      last = reading;
      return resting;
    })
    .toBe(true);
  return (await locator.boundingBox())!;
}

const rows = (page: Page) => page.getByTestId("spot-list").getByTestId("spot-row-name");

async function addByCoordinates(page: Page, coordinates: string, name: string) {
  await page.getByLabel("Coordinates").fill(coordinates);
  await page.getByRole("button", { name: "Place" }).click();
  const form = page.getByTestId("new-spot-form");
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Add to the map" }).click();
  await expect(rows(page).filter({ hasText: name })).toBeVisible();
}

async function renameMap(page: Page, title: string, slug: string) {
  await page.getByRole("tab", { name: "Settings" }).click();
  const settings = page.getByTestId("map-settings");
  await settings.getByLabel("Title").fill(title);
  await settings.getByLabel("Address (slug)").fill(slug);
  await expect(settings.getByTestId("save-status")).toHaveAttribute("data-status", "saved");
  await page.getByRole("tab", { name: /Spots/ }).click();
}

test.describe("the Studio map editor", () => {
  test("adds spots by map click and by coordinates, moves a pin, reorders by keyboard, undoes a delete; the public page follows", async ({ page }) => {
    // A long walk through the editor, with a map to load and a dozen saves.
    test.setTimeout(120_000);
    const mapId = await newMap(page);
    const suffix = mapId.slice(0, 8);
    await renameMap(page, `Porto corners ${suffix}`, `porto-corners-${suffix}`);
    await expect(page.getByTestId("publish-label")).toHaveText("Add 30 more spots to publish");

    // By clicking the map in "Add spot" mode (which starts the interactive map).
    await page.getByRole("button", { name: "Add spot" }).click();
    const canvas = page.getByTestId("editor-map-canvas");
    await expect(canvas).toHaveAttribute("data-map-ready", "true", { timeout: 20_000 });
    const box = (await canvas.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const form = page.getByTestId("new-spot-form");
    await form.getByLabel("Name").fill("Clicked café");
    await form.getByRole("button", { name: "Add to the map" }).click();
    await expect(rows(page)).toHaveText(["Clicked café"]);
    await expect(page.getByTestId("publish-label")).toHaveText("Add 29 more spots to publish");

    // By typing coordinates: out of range is refused with a clear message, DMS is read.
    await page.getByLabel("Coordinates").fill("91, 10");
    await page.getByRole("button", { name: "Place" }).click();
    await expect(page.getByText("Latitude must be between -90 and 90")).toBeVisible();
    await addByCoordinates(page, `41°8'46"N 8°36'40"W`, "Ribeira steps");
    await addByCoordinates(page, "41.1496, -8.6110", "Livraria Lello");
    await expect(rows(page)).toHaveText(["Clicked café", "Ribeira steps", "Livraria Lello"]);
    await page.getByRole("button", { name: "Ribeira steps", exact: true }).click();
    await expect(page.getByTestId("selected-spot")).toContainText("41.14611, -8.61111");

    // Dragging a pin moves the spot (and the move can be undone from the toast).
    await page.getByRole("button", { name: "Clicked café", exact: true }).click();
    const pin = page.locator('[data-editor-pin][data-selected="true"]');
    await expect(pin).toHaveText("1");
    const before = await page.getByTestId("selected-spot").textContent();
    // Selecting a pin out of view eases the map to it: grab it once it has come to rest, and drop it
    // well inside the canvas (towards its centre), wherever the map put it.
    const at = await restingBox(pin);
    const from = { x: at.x + at.width / 2, y: at.y + at.height / 2 };
    const area = (await canvas.boundingBox())!;
    const centre = { x: area.x + area.width / 2, y: area.y + area.height / 2 };
    const to = Math.hypot(centre.x - from.x, centre.y - from.y) > 80 ? centre : { x: centre.x - 80, y: centre.y - 60 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 8 });
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.mouse.up();
    await expect(page.getByText("Spot moved")).toBeVisible();
    await expect(page.getByTestId("selected-spot")).not.toHaveText(before!);
    const moved = await page.getByTestId("selected-spot").textContent();

    // Reordering by keyboard: the handle's arrow keys, announced for screen readers.
    await page.getByRole("button", { name: /^Move Livraria Lello, position 3 of 3/ }).focus();
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    await expect(page.getByTestId("reorder-announcement")).toHaveText("Livraria Lello moved to position 1 of 3");
    await expect(rows(page)).toHaveText(["Livraria Lello", "Clicked café", "Ribeira steps"]);

    // Deleting, then Undo from the toast: the same spot at the same place.
    await page.getByRole("button", { name: "Delete Clicked café" }).click();
    await expect(rows(page)).toHaveText(["Livraria Lello", "Ribeira steps"]);
    await page.getByRole("listitem").filter({ hasText: "Spot deleted" }).getByRole("button", { name: "Undo" }).click();
    await expect(page.getByText("“Clicked café” is back")).toBeVisible();
    await expect(rows(page)).toHaveText(["Livraria Lello", "Clicked café", "Ribeira steps"]);

    // The selected spot's details open beside the list; a rename shows in the list as it saves.
    await page.getByRole("button", { name: "Ribeira steps", exact: true }).click();
    await page.getByRole("button", { name: "Edit details" }).click();
    const details = page.getByRole("tabpanel", { name: "Spot details" });
    await details.getByLabel("Name").fill("Ribeira stairs");
    await expect(details.getByTestId("save-status")).toHaveAttribute("data-status", "saved");
    await page.getByRole("tab", { name: /Spots/ }).click();
    await expect(rows(page)).toHaveText(["Livraria Lello", "Clicked café", "Ribeira stairs"]);

    // All of it was saved: a reload shows the same order and the moved pin.
    await page.reload();
    await expect(rows(page)).toHaveText(["Livraria Lello", "Clicked café", "Ribeira stairs"]);
    await page.getByRole("button", { name: "Clicked café", exact: true }).click();
    await expect(page.getByTestId("selected-spot")).toHaveText(moved!);

    // The public page (the owner sees the draft) shows the editor's order.
    await page.goto(`/maps/porto-corners-${suffix}`);
    await expect(page.getByTestId("spot-list").getByTestId("spot-row")).toHaveText([/Livraria Lello/, /Clicked café/, /Ribeira stairs/]);
  });

  test("a changed slug keeps the old address redirecting to the new one", async ({ page }) => {
    const mapId = await newMap(page);
    const suffix = mapId.slice(0, 8);
    await renameMap(page, `Old name ${suffix}`, `old-address-${suffix}`);
    await renameMap(page, `New name ${suffix}`, `new-address-${suffix}`);
    // The cover is chosen in the same panel (its upload is tested with the photos).
    await page.getByRole("tab", { name: "Settings" }).click();
    await expect(page.getByTestId("map-settings").getByText("Cover image")).toBeVisible();
    const response = await page.request.get(`/maps/old-address-${suffix}`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe(`/maps/new-address-${suffix}`);
    await page.goto(`/maps/old-address-${suffix}`);
    await expect(page).toHaveURL(`/maps/new-address-${suffix}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`New name ${suffix}`);
  });

  test("publishing waits for 30 spots, then the public page shows the editor's order", async ({ page, baseURL, browser }) => {
    test.setTimeout(120_000);
    const mapId = await newMap(page);
    const suffix = mapId.slice(0, 8);
    await renameMap(page, `Thirty in Porto ${suffix}`, `thirty-in-porto-${suffix}`);
    // 29 spots through the editor's own action, as the page's fetchers send them.
    for (let n = 1; n <= 29; n++) {
      const response = await page.request.post(`/studio/maps/${mapId}`, {
        headers: { Origin: baseURL! },
        form: { intent: "create-spot", name: `Stop ${n}`, lat: String(41.14 + n / 1000), lng: String(-8.61 - n / 1000) },
      });
      expect(response.ok()).toBe(true);
    }
    await page.reload();
    await expect(page.getByTestId("publish-label")).toHaveText("Add 1 more spot to publish");
    await expect(page.getByTestId("publish-label")).toBeDisabled();
    await addByCoordinates(page, "41.2, -8.7", "Stop 30");
    await expect(page.getByTestId("publish-label")).toHaveText("Publish");

    // The list followed the new spot to its end: back to the top, where Stop 2 is.
    await page.getByTestId("spot-list").evaluate((list) => list.scrollTo({ top: 0 }));
    await page.getByRole("button", { name: /^Move Stop 2, position 2 of 30/ }).focus();
    await page.keyboard.press("ArrowUp");
    await expect(page.getByTestId("reorder-announcement")).toHaveText("Stop 2 moved to position 1 of 30");
    await page.getByTestId("publish-label").click();
    await expect(page).toHaveURL(new RegExp(`/studio/map-is-ready\\?map=${mapId}`));

    // A visitor who is not signed in sees the published map in the editor's order.
    const visitor = await browser.newContext({ baseURL });
    const publicPage = await visitor.newPage();
    await publicPage.goto(`/maps/thirty-in-porto-${suffix}`);
    await expect(publicPage.getByTestId("spot-list").getByTestId("spot-row").nth(0)).toContainText("Stop 2");
    await expect(publicPage.getByTestId("spot-list").getByTestId("spot-row").nth(1)).toContainText("Stop 1");
    await expect(publicPage.getByTestId("spot-list").getByTestId("spot-row").nth(2)).toContainText("Stop 3");
    await visitor.close();
  });

  test("a long map: the map is a picture until reached for, the list reaches every spot, a selected spot's details come with every field, and the page carries only the list's", async ({
    page,
  }) => {
    const SPOTS = 60;
    const { maps } = await signIn(page, "creator", { prefix: "editor-long", maps: 1, spots: SPOTS, published: false });
    const [map] = maps;
    const last = map.spots[SPOTS - 1];
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.goto(`/studio/maps/${map.id}`);
    await expect(page.getByRole("tab", { name: `Spots (${SPOTS})` })).toBeVisible();
    // The map opens as a picture of every spot over the offline basemap; MapLibre is not loaded for it.
    const region = page.getByRole("region", { name: "Map of the spots" });
    const picture = region.getByTestId("map-preview");
    await expect(picture).toHaveAttribute("data-pins", String(SPOTS));
    const drawn = await picture.locator("path[data-pins]").evaluateAll((paths) => paths.map((p) => p.getAttribute("d")!.split("M").length - 1));
    expect(drawn.reduce((a, b) => a + b, 0)).toBe(SPOTS);
    expect(await picture.locator("image").getAttribute("href")).toMatch(/^\/map-basemap\.svg\?area=/);
    await hydrated(page);
    await expect(region.getByRole("button", { name: "Show interactive map" })).toBeVisible();
    // The list draws the rows in view: the last one is there once the list is scrolled to it.
    await expect(rows(page).first()).toContainText(map.spots[0].name);
    await expect(rows(page).filter({ hasText: last.name })).toHaveCount(0);
    await page.getByTestId("spot-list").evaluate((list) => list.scrollTo(0, list.scrollHeight));
    await rows(page).filter({ hasText: last.name }).click();
    await expect(page.getByTestId("selected-spot")).toContainText(last.name);
    // The picture marks the selected spot, still without MapLibre.
    await expect(picture.locator('circle[data-selected="true"]')).toHaveAttribute("data-spot-id", last.id);
    expect(requested.filter((url) => /maplibre|editor-map\.client/.test(url))).toEqual([]);

    // Its details (not in the page's data) are loaded for it: every field, saved as before.
    await page.getByRole("button", { name: "Edit details" }).click();
    const panel = page.getByTestId("spot-panel");
    await expect(panel.getByLabel("Name")).toHaveValue(last.name);
    await expect(panel.getByLabel("Summary")).toHaveValue(`Spot number ${SPOTS}.`);
    await expect(panel.getByLabel("Address")).toHaveValue(`Test street ${SPOTS}, Ushuaia`);
    await panel.getByLabel("Summary").fill("The end of the road.");
    await expect(panel.getByTestId("save-status")).toHaveAttribute("data-status", "saved");
    // Another spot, then back: the saved copy, not the one loaded first.
    await page.getByRole("tab", { name: /Spots/ }).click();
    await rows(page)
      .filter({ hasText: map.spots[SPOTS - 2].name })
      .click();
    await page.getByRole("button", { name: "Edit details" }).click();
    await expect(panel.getByLabel("Summary")).toHaveValue(`Spot number ${SPOTS - 1}.`);
    await page.getByRole("tab", { name: /Spots/ }).click();
    await rows(page).filter({ hasText: last.name }).click();
    await page.getByRole("button", { name: "Edit details" }).click();
    await expect(panel.getByLabel("Summary")).toHaveValue("The end of the road.");

    // The page itself names every spot but carries none of their longer fields.
    const html = await (await page.request.get(`/studio/maps/${map.id}`)).text();
    for (const spot of map.spots) expect(html).toContain(spot.name);
    expect(html).not.toContain(`Spot number ${SPOTS - 1}.`);
    expect(html).not.toContain("Test street");

    // Pointing at the map starts it: every spot becomes a draggable pin, the picture and its button go.
    await region.hover();
    const canvas = page.getByTestId("editor-map-canvas");
    await expect(canvas).toHaveAttribute("data-map-ready", "true", { timeout: 20_000 });
    await expect(canvas).toHaveAttribute("data-pins", String(SPOTS));
    await expect(picture).toHaveCount(0);
    await expect(region.getByRole("button", { name: "Show interactive map" })).toHaveCount(0);
  });

  test("a map id that is not one of the creator's maps is the 404 page", async ({ page }) => {
    // Another creator's map is the same 404 (the route's integration test holds the owner check).
    await asCreator(page);
    const response = await page.goto("/studio/maps/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
  });
});

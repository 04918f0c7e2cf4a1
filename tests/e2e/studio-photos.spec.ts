import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "./support/fixtures";
import { hydrated } from "./support/hydration";

/** A photo as a phone would send it: a JPEG of `width` px, with EXIF (GPS included). */
async function photo(name: string, width: number, height: number, colour: string) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .withMetadata({ exif: { IFD3: { GPSLatitudeRef: "N", GPSLatitude: "41/1 23/1 0/1" } } })
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

/** The photo ids in the order the manager shows them. */
const order = (page: Page) => page.getByTestId("photo-item").evaluateAll((items) => items.map((item) => item.getAttribute("data-photo-id")));

/**
 * A new map of this creator's with one spot, made in the Studio as a creator would (New map, a
 * slug of its own, a spot by coordinates); its editor is open. The spot's Studio page and public page.
 */
async function newSpot(page: Page): Promise<{ mapId: string; studio: string; public: string }> {
  // A creator of this test's own (so no two tests' photos ever meet).
  await signIn(page, "creator", { prefix: "photos", maps: 0 });
  await page.goto("/studio/maps");
  await page.getByRole("button", { name: "New map" }).click();
  await expect(page).toHaveURL(/\/studio\/maps\/[0-9a-f-]{36}$/);
  const mapId = new URL(page.url()).pathname.split("/").pop()!;
  const slug = `photo-walk-${mapId.slice(0, 8)}`;

  await page.getByRole("tab", { name: "Settings" }).click();
  const settings = page.getByTestId("map-settings");
  await settings.getByLabel("Address (slug)").fill(slug);
  await expect(settings.getByTestId("save-status")).toHaveAttribute("data-status", "saved");

  // A cover, cropped to the cards' 16:9 by the frame (moved to the top of a square image).
  const cover = settings.getByTestId("cover-upload");
  await cover.getByTestId("cover-input").setInputFiles(await photo("cover.jpg", 1200, 1200, "#3a7d44"));
  await cover.getByLabel("Frame size").fill("50");
  await cover.getByTestId("cover-frame").focus();
  await page.keyboard.press("ArrowUp");
  await cover.getByRole("button", { name: "Save cover" }).click();
  await expect(cover.getByTestId("cover-preview")).toHaveAttribute("srcset", /-160\.webp 160w, .*-400\.webp 400w$/);
  await page.getByRole("tab", { name: /Spots/ }).click();

  await page.getByLabel("Coordinates").fill("6.4541, 3.3947");
  await page.getByRole("button", { name: "Place" }).click();
  const form = page.getByTestId("new-spot-form");
  await form.getByLabel("Name").fill("Tarkwa Bay steps");
  await form.getByRole("button", { name: "Add to the map" }).click();
  const row = page.getByTestId("spot-list").getByTestId("spot-row-name").filter({ hasText: "Tarkwa Bay steps" });
  await expect(row).toBeVisible();
  await row.click();
  await page.getByTestId("selected-spot").getByRole("button", { name: "Edit details" }).click();
  const studio = (await page.getByRole("link", { name: "Open on its own page" }).getAttribute("href"))!;
  return { mapId, studio, public: `/maps/${slug}/spots/tarkwa-bay-steps` };
}

test.describe("a spot's photos in the Studio", () => {
  test("upload two, reorder them from the keyboard, describe one, see them on the public page with srcset, remove one; the map cover too", async ({ page }) => {
    // A long walk: a map and a spot to make, uploads and a dozen saves.
    test.setTimeout(120_000);
    const spot = await newSpot(page);
    await page.goto(spot.studio);
    const manager = page.getByTestId("photo-manager");
    await expect(manager.getByRole("button", { name: "Add photos" })).toBeEnabled();

    // A PDF called .jpg and a 40 MB file: refused with a message, nothing added.
    await manager.getByTestId("photo-input").setInputFiles([
      { name: "menu.jpg", mimeType: "image/jpeg", buffer: Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >>\n") },
      { name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(40 * 1024 * 1024, 0xff) },
    ]);
    await expect(manager.getByTestId("photo-errors")).toContainText("huge.jpg: The image must be at most 15 MB");
    await expect(manager.getByTestId("photo-errors")).toContainText("menu.jpg: Upload a JPEG, PNG, WebP, HEIC or AVIF image");
    await expect(manager.getByTestId("photo-item")).toHaveCount(0);
    await manager.getByRole("button", { name: "Dismiss" }).click();

    await manager.getByTestId("photo-input").setInputFiles([await photo("terrace.jpg", 1800, 1200, "#c0603a"), await photo("door.jpg", 900, 1200, "#2a6f97")]);
    await expect(manager.getByTestId("photo-item")).toHaveCount(2);
    const [terrace, door] = await order(page);

    // Keyboard: focus the first photo's handle, pick it up, move it down one place, drop it.
    await manager.getByRole("button", { name: "Move photo 1 of 2", exact: true }).focus();
    // Each key waits for what a screen reader user hears: the list is measured once the photo is picked up.
    await page.keyboard.press("Space");
    await expect(page.getByText("Picked up photo 1 of 2.")).toBeAttached();
    // The sensor measures the list in the frames after the pick-up: a key pressed before that moves
    // nothing, as a person pressing again would find. Two photos, so a second press stays at 2.
    await expect(async () => {
      await page.keyboard.press("ArrowDown");
      await expect(page.getByText("Photo 1 is over position 2 of 2.")).toBeAttached({ timeout: 1_000 });
    }).toPass();
    await page.keyboard.press("Space");
    await expect.poll(() => order(page)).toEqual([door, terrace]);
    await expect(manager.getByTestId("photo-status")).toHaveText("Order saved");

    await manager.getByLabel("Alt text for photo 2 of 2").fill("Tables on the terrace at dusk");
    await manager.getByLabel("Alt text for photo 2 of 2").press("Enter");
    await expect(manager.getByTestId("photo-status")).toHaveText("Alt text saved");

    // Saved: a reload shows the same order and text.
    await page.reload();
    await expect.poll(() => order(page)).toEqual([door, terrace]);
    await expect(page.getByLabel("Alt text for photo 2 of 2")).toHaveValue("Tables on the terrace at dusk");

    // The public spot page (its owner sees it before the map is published): both, in this order, each with its widths.
    await page.goto(spot.public);
    const photos = page.getByRole("list", { name: "Photos" }).locator("img");
    await expect(photos).toHaveCount(2);
    await expect(photos.nth(1)).toHaveAttribute("alt", "Tables on the terrace at dusk");
    await expect(photos.nth(1)).toHaveAttribute("srcset", /-160\.webp 160w, .*-400\.webp 400w, .*-800\.webp 800w, .*-1600\.webp 1600w$/);
    await expect(photos.nth(0)).toHaveAttribute("srcset", /-160\.webp 160w, .*-400\.webp 400w, .*-800\.webp 800w$/);
    const src = (await photos.nth(1).getAttribute("src"))!;
    const image = await page.request.get(src);
    expect(image.headers()["content-type"]).toBe("image/webp");
    expect((await sharp(await image.body()).metadata()).exif).toBeUndefined();

    // The map page shows the cover with its widths.
    await page.goto(spot.public.replace(/\/spots\/.*$/, ""));
    await expect(page.locator('main img[srcset*="/uploads/covers/"]')).toHaveAttribute("srcset", /-160\.webp 160w, .*-400\.webp 400w$/);

    // Remove the door photo: gone from the Studio, the public page, and storage.
    await page.goto(spot.studio);
    // Hydrated, or the click below is the no-JavaScript form's Remove, which asks nothing.
    await hydrated(page);
    const doorSrc = await page.getByTestId("photo-item").first().locator("img").getAttribute("src");
    await page.getByRole("button", { name: "Remove photo 1 of 2", exact: true }).click();
    await page.getByTestId("photo-manager").getByRole("button", { name: "Remove", exact: true }).click();
    await expect(page.getByTestId("photo-item")).toHaveCount(1);
    await expect(page.getByTestId("photo-status")).toHaveText("Photo removed");
    expect((await page.request.get(doorSrc!)).status()).toBe(404);
    await page.goto(spot.public);
    await expect(page.getByRole("list", { name: "Photos" }).locator("img")).toHaveCount(1);
  });

  test("before JavaScript runs: upload, refuse a PDF with the reason, describe and remove, each by a plain form", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const spot = await newSpot(page);
    // The same signed-in creator, in a browser that runs no JavaScript.
    const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const tab = await plain.newPage();
    await tab.goto(spot.studio);
    const manager = tab.getByTestId("photo-manager");

    await manager
      .getByLabel("Choose photos")
      .setInputFiles([{ name: "menu.jpg", mimeType: "image/jpeg", buffer: Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >>\n") }]);
    await manager.getByRole("button", { name: "Upload photos" }).click();
    await expect(tab.getByTestId("photo-errors")).toContainText("Upload a JPEG, PNG, WebP, HEIC or AVIF image");
    await expect(manager.getByTestId("photo-item")).toHaveCount(0);

    // A link cannot put words of its own on the page: an unknown reason shows nothing.
    await tab.goto(`${spot.studio}?photos=${encodeURIComponent("Your account is locked")}`);
    await expect(tab.getByTestId("photo-errors")).toHaveCount(0);

    await manager.getByLabel("Choose photos").setInputFiles([await photo("harbour.jpg", 1000, 800, "#1d4e89")]);
    await manager.getByRole("button", { name: "Upload photos" }).click();
    await expect(manager.getByTestId("photo-item")).toHaveCount(1);
    await expect(manager.getByTestId("photo-item").locator("img")).toHaveAttribute("srcset", /-160\.webp 160w, .*-400\.webp 400w, .*-800\.webp 800w$/);

    await manager.getByLabel("Alt text for photo 1 of 1").fill("Boats in the harbour");
    await manager.getByRole("button", { name: "Save alt text" }).click();
    await expect(tab.getByLabel("Alt text for photo 1 of 1")).toHaveValue("Boats in the harbour");
    // What the public sees.
    await page.goto(spot.public);
    await expect(page.getByRole("list", { name: "Photos" }).locator("img")).toHaveAttribute("alt", "Boats in the harbour");

    await tab.getByRole("button", { name: "Remove photo 1 of 1" }).click();
    await expect(tab.getByTestId("photo-manager").getByTestId("photo-item")).toHaveCount(0);
    await expect(tab.getByText("No photos yet.")).toBeVisible();
    await plain.close();
  });
});

import { expect, test, type Page } from "@playwright/test";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { signIn } from "./support/fixtures";

// This test's own creator, with one published map of more than 30 spots (it never changes or deletes that one).
const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const SEEDED_MAP = `Rome slow and eternal ${suffix}`;

/** The row of one map on /studio/maps, by its id. */
const row = (page: Page, mapId: string) => page.locator(`[data-testid="studio-map"][data-map-id="${mapId}"]`);

test.describe("Studio maps", () => {
  test("a creator creates a map, is refused publishing below 30 spots, publishes a 30-spot copy, shares it, embeds it and deletes it", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const { handle } = await signIn(page, "creator", { prefix: "studio-maps", title: SEEDED_MAP, spots: 31 });
    await page.goto("/studio/maps");
    await expect(page.getByRole("heading", { name: "Maps", level: 1 })).toBeVisible();
    await expect(page).toHaveTitle("Maps · Studio");
    await expect(page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Maps" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("studio-map").filter({ hasText: SEEDED_MAP }).first()).toBeVisible();

    // New map: a draft, opened in the editor.
    await page.getByRole("button", { name: "New map" }).click();
    await expect(page).toHaveURL(/\/studio\/maps\/[0-9a-f-]{36}$/);
    const newId = new URL(page.url()).pathname.split("/").pop()!;
    await page.goto("/studio/maps");
    const draft = row(page, newId);
    await expect(draft.getByRole("heading")).toHaveText("Untitled map");
    await expect(draft.getByTestId("map-status")).toHaveText("Draft");

    // Publishing an empty map is refused, with what is missing.
    await draft.getByRole("button", { name: "Add 30 more spots to publish" }).click();
    await expect(draft.getByTestId("map-error")).toHaveText("Add 30 more spots to publish");
    await expect(draft.getByTestId("map-status")).toHaveText("Draft");

    // A copy of the seeded map has its spots (more than 30 published), as a draft that was never published.
    const seeded = page.getByTestId("studio-map").filter({ hasText: SEEDED_MAP }).filter({ hasNotText: "Copy of" });
    await seeded.getByRole("button", { name: "Duplicate" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Map duplicated: the copy is a draft." })).toBeVisible();
    const copy = page
      .getByTestId("studio-map")
      .filter({ hasText: `Copy of ${SEEDED_MAP}` })
      .first();
    await expect(copy.getByTestId("map-status")).toHaveText("Draft");
    const copyId = (await copy.getAttribute("data-map-id"))!;

    // Its first publish lands on map-is-ready.
    await row(page, copyId).getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page).toHaveURL(`/studio/map-is-ready?map=${copyId}`);
    await expect(page.getByRole("heading", { name: "Your map is ready", level: 1 })).toBeVisible();
    const link = await page.getByTestId("public-link").inputValue();
    expect(link).toMatch(new RegExp(`^${baseURL}/maps/copy-of-rome-slow-and-eternal-${suffix}(-\\d+)?$`));
    await page.getByRole("button", { name: "Copy public link" }).click();
    await expect(page.getByRole("button", { name: "Copy public link" })).toHaveText("Copied");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const share = page.getByTestId("share-links");
    await expect(share.getByRole("link", { name: "Share on X" })).toHaveAttribute(
      "href",
      `https://x.com/intent/tweet?${new URLSearchParams({ text: `Copy of ${SEEDED_MAP}`, url: link })}`,
    );
    await expect(share.getByRole("link", { name: "Share on Facebook" })).toHaveAttribute(
      "href",
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}`,
    );
    await expect(share.getByRole("link", { name: "Share on WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=/);
    await expect(share.getByRole("link", { name: "Send by email" })).toHaveAttribute("href", /^mailto:\?subject=/);

    await expect(page.getByRole("link", { name: "Write your profile" })).toHaveAttribute("href", "/studio/profile");
    await expect(page.getByRole("link", { name: "your public page" })).toHaveAttribute("href", `/@${handle}`);

    // The embed code shows the map inside another site's page.
    const embed = await page.getByTestId("embed-code").inputValue();
    expect(embed).toContain(`src="${link}"`);
    // Another site on this machine (another origin and site: 127.0.0.1, not localhost) with the snippet in its page.
    const blog = createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><title>My travel blog</title><h1>My trip</h1>${embed}`);
    });
    await new Promise<void>((resolve) => blog.listen(0, "127.0.0.1", resolve));
    try {
      const other = await context.newPage();
      await other.goto(`http://127.0.0.1:${(blog.address() as AddressInfo).port}/rome`);
      await expect(other.frameLocator("iframe").getByRole("heading", { name: `Copy of ${SEEDED_MAP}`, level: 1 })).toBeVisible();
      await other.close();
    } finally {
      blog.close();
    }

    // Published now: the list offers the public page and Unpublish.
    await page.goto("/studio/maps");
    await expect(row(page, copyId).getByTestId("map-status")).toHaveText("Published");
    await expect(row(page, copyId).getByRole("link", { name: "View public page" })).toHaveAttribute("href", new URL(link).pathname);

    // Delete asks first, naming the map; cancelling keeps it.
    await row(page, copyId).getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: `Delete “Copy of ${SEEDED_MAP}”?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row(page, copyId)).toBeVisible();
    await row(page, copyId).getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete map" }).click();
    await expect(page.getByRole("alert").filter({ hasText: `“Copy of ${SEEDED_MAP}” was deleted.` })).toBeVisible();
    await expect(row(page, copyId)).toHaveCount(0);
    const gone = await page.request.get(new URL(link).pathname);
    expect(gone.status()).toBe(404);

    // Clean up the empty draft too (and see the list still shows the seeded map).
    await row(page, newId).getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete map" }).click();
    await expect(row(page, newId)).toHaveCount(0);
    await expect(page.getByTestId("studio-map").filter({ hasText: SEEDED_MAP }).first()).toBeVisible();
  });

  test("without JavaScript, deleting asks on the page first and the forms still work", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(context, "creator", { prefix: "studio-maps-nojs", maps: 0 });
    await page.goto("/studio/maps");
    await page.getByRole("button", { name: "New map" }).first().click();
    await expect(page).toHaveURL(/\/studio\/maps\/[0-9a-f-]{36}$/);
    const newId = new URL(page.url()).pathname.split("/").pop()!;
    await page.goto("/studio/maps");
    await row(page, newId).getByRole("link", { name: "Delete" }).click();
    await expect(page).toHaveURL(`/studio/maps?delete=${newId}`);
    const question = page.getByRole("region", { name: "Delete “Untitled map”?" });
    await expect(question).toBeVisible();
    await question.getByRole("button", { name: "Delete map" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "“Untitled map” was deleted." })).toBeVisible();
    await expect(row(page, newId)).toHaveCount(0);
    await context.close();
  });
});

import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { signIn } from "./support/fixtures";

// The creator writes from New York: the schedule is typed on that wall clock and shown back on it.
const ZONE = "America/New_York";
test.use({ timezoneId: ZONE });

/** Tomorrow at 09:30 on `zone`'s wall clock, as a `datetime-local` value. */
function tomorrowAt930(zone: string): string {
  const tomorrow = new Date(Date.now() + 86_400_000);
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(tomorrow);
  return `${day}T09:30`;
}

const serious = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);

const saved = (page: Page) => expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved");

test.describe("posts in the Studio", () => {
  test("a creator writes a post, previews it, adds an image and a map card, picks who reads it, schedules it, then publishes it now", async ({ page }) => {
    test.setTimeout(120_000);
    const creator = await signIn(page, "creator", { prefix: "posts", title: "Lagoon walks", spots: 3 });
    const map = creator.maps[0];

    await page.goto("/studio/posts");
    await expect(page.getByTestId("empty-state")).toContainText("Write to the people who follow you");
    await page.getByRole("button", { name: "New post" }).click();
    await expect(page).toHaveURL(/\/studio\/posts\/postId\/[0-9a-f-]{36}$/);
    const editorUrl = page.url();
    const editor = page.getByTestId("post-editor");
    await expect(editor.getByTestId("post-title")).toHaveValue("Untitled post");
    await expect(page.getByTestId("post-status")).toHaveText("Draft");

    // Title and body, in markdown; the preview renders it as readers will see it.
    await editor.getByTestId("post-title").fill("Winter on the lagoon");
    const body = editor.getByTestId("post-body-input");
    await body.fill("## Where to start\n\nGo **early**, before the boats.");
    const preview = page.getByTestId("post-preview");
    await expect(preview.getByRole("heading", { name: "Where to start", level: 2 })).toBeVisible();
    await expect(preview.locator("strong")).toHaveText("early");
    await saved(page);
    await expect(page.getByTestId("post-address")).toContainText("/posts/winter-on-the-lagoon");

    // An image, uploaded into the body at the cursor (the end), described for screen readers.
    await body.press("End");
    await page.getByTestId("image-alt").fill("Morning light on the water");
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#2a6f97" } })
      .png()
      .toBuffer();
    await page.getByTestId("image-file").setInputFiles({ name: "lagoon.png", mimeType: "image/png", buffer: png });
    const image = preview.getByTestId("post-image");
    await expect(image).toHaveAttribute("alt", "Morning light on the water");
    await expect(image).toHaveAttribute("src", /^\/uploads\/post-images\/[0-9a-f]{2}\/[0-9a-f-]{36}-800\.webp$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expect(body).toHaveValue(/!\[Morning light on the water\]\(\/uploads\/post-images\/.+-800\.webp\)\n$/);
    await saved(page);

    // A card of the creator's own map, picked from the list.
    const picker = page.getByTestId("place-picker");
    await picker.getByTestId("place-search").fill("Lagoon");
    await picker.getByTestId("place-option").filter({ hasText: "Lagoon walks" }).first().click();
    await expect(body).toHaveValue(new RegExp(`\\[Lagoon walks\\]\\(/maps/${map.slug}\\)\\n$`));
    await saved(page);
    const card = preview.getByTestId("post-card");
    await expect(card).toHaveAttribute("data-kind", "map");
    await expect(card).toHaveAttribute("href", `/maps/${map.slug}`);
    await expect(card).toContainText("Lagoon walks");
    await expect(card).toContainText("3 spots");

    // Who may read it.
    await editor.getByRole("radio", { name: /Premium/ }).check();
    await expect(editor.getByText("Premium members and your supporters read it")).toBeVisible();
    await saved(page);

    // Scheduled for tomorrow 09:30 in the creator's zone, and shown back in it after a reload.
    const at = tomorrowAt930(ZONE);
    await expect(page.getByText(`Your time zone: ${ZONE}`)).toBeVisible();
    await page.getByTestId("schedule-at").fill(at);
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(page.getByTestId("post-status")).toHaveText("Scheduled");
    await expect(page.getByRole("alert").filter({ hasText: "Scheduled for" })).toBeVisible();
    await expect(page.getByTestId("publication-state")).toContainText("09:30");
    await page.reload();
    await expect(page.getByTestId("post-status")).toHaveText("Scheduled");
    await expect(page.getByTestId("schedule-at")).toHaveValue(at);

    // Published now instead.
    await page.getByRole("button", { name: "Publish now" }).click();
    await expect(page.getByTestId("post-status")).toHaveText("Published");
    await expect(page.getByRole("alert").filter({ hasText: "Published: it is on your page now." })).toBeVisible();

    // Everything was saved.
    await page.goto(editorUrl);
    await expect(editor.getByTestId("post-title")).toHaveValue("Winter on the lagoon");
    await expect(body).toHaveValue(
      /^## Where to start\n\nGo \*\*early\*\*, before the boats\.\n\n!\[Morning light on the water\]\(.+\)\n\n\[Lagoon walks\]\(.+\)/,
    );
    await expect(editor.getByRole("radio", { name: /Premium/ })).toBeChecked();
    await expect(page.getByTestId("post-status")).toHaveText("Published");
    await expect(preview.getByTestId("post-image")).toBeVisible();
    await expect(preview.getByTestId("post-card")).toContainText("Lagoon walks");
    expect(await serious(page)).toEqual([]);

    // The list shows it as published, for Premium readers.
    await page.getByRole("link", { name: "← Posts" }).click();
    const row = page.getByTestId("studio-post").filter({ hasText: "Winter on the lagoon" });
    await expect(row.getByTestId("post-status")).toHaveText("Published");
    await expect(row.getByTestId("post-visibility")).toHaveText("Premium");
    await expect(row.getByTestId("post-numbers")).toContainText("0 views");
    expect(await serious(page)).toEqual([]);
    await page.getByRole("link", { name: "Scheduled", exact: true }).click();
    await expect(page).toHaveURL(/\?status=scheduled$/);
    await expect(page.getByTestId("no-posts-with-status")).toBeVisible();
  });

  test("deleting a scheduled post asks first, then it is gone from the list", async ({ page }) => {
    await signIn(page, "creator", { prefix: "posts-delete", maps: 0 });
    await page.goto("/studio/posts");
    await page.getByRole("button", { name: "New post" }).click();
    await page.getByTestId("post-title").fill("Not this time");
    await saved(page);
    await page.getByTestId("schedule-at").fill(tomorrowAt930(ZONE));
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(page.getByTestId("post-status")).toHaveText("Scheduled");

    await page.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete “Not this time”?" });
    await expect(dialog).toContainText("will not be published or emailed");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete post" }).click();
    await expect(page).toHaveURL(/\/studio\/posts\?deleted=1$/);
    await expect(page.getByRole("alert").filter({ hasText: "The post was deleted." })).toBeVisible();
    await expect(page.getByTestId("empty-state")).toBeVisible();
  });

  test.describe("before JavaScript runs", () => {
    test.use({ javaScriptEnabled: false });

    test("every step is a plain form post: new post, save, a map card, publish, unpublish, delete", async ({ page }) => {
      const creator = await signIn(page, "creator", { prefix: "posts-nojs", title: "Harbour bars", spots: 2 });
      await page.goto("/studio/posts");
      await page.getByRole("button", { name: "New post" }).click();
      await expect(page).toHaveURL(/\/studio\/posts\/postId\/[0-9a-f-]{36}$/);
      const editor = page.getByTestId("post-editor");

      // An empty title is refused and the text typed stays.
      await editor.getByTestId("post-title").fill("");
      await editor.getByTestId("post-body-input").fill("Three bars, one harbour.");
      await editor.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Give your post a title" })).toBeVisible();
      await expect(editor.getByTestId("post-body-input")).toHaveValue("Three bars, one harbour.");

      await editor.getByTestId("post-title").fill("Harbour nights");
      await editor.getByRole("radio", { name: /Supporters/ }).check();
      await editor.getByRole("button", { name: "Save" }).click();
      await expect(editor.getByTestId("post-title")).toHaveValue("Harbour nights");

      // The picker searches on the page and adds the card at the end.
      await page.getByTestId("place-search").fill("Harbour");
      await page.getByTestId("place-picker").getByRole("button", { name: "Search" }).click();
      await page.getByTestId("place-option").filter({ hasText: "Harbour bars" }).first().click();
      await expect(editor.getByTestId("post-body-input")).toHaveValue(`Three bars, one harbour.\n\n[Harbour bars](/maps/${creator.maps[0].slug})`);
      await expect(page.getByTestId("post-preview").getByTestId("post-card")).toContainText("Harbour bars");

      await editor.getByRole("button", { name: "Publish now" }).click();
      await expect(page.getByTestId("post-status")).toHaveText("Published");
      await editor.getByRole("button", { name: "Unpublish" }).click();
      await expect(page.getByTestId("post-status")).toHaveText("Draft");

      await page.getByRole("link", { name: "Delete" }).click();
      await page.getByTestId("delete-question").getByRole("button", { name: "Delete post" }).click();
      await expect(page).toHaveURL(/\/studio\/posts\?deleted=1$/);
      await expect(page.getByRole("alert").filter({ hasText: "The post was deleted." })).toBeVisible();
      await expect(page.getByTestId("studio-post")).toHaveCount(0);
    });
  });
});

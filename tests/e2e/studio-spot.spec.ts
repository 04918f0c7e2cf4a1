import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support/fixtures";
import { hydrated } from "./support/hydration";

/**
 * A new map of this test's own creator with one spot, made the way a creator makes them (New map, then a spot
 * by coordinates in the editor); returns the spot page's path, opened from the editor's panel.
 */
async function newSpot(page: Page, name: string): Promise<string> {
  await signIn(page, "creator", { prefix: "spot-page", maps: 0 });
  await page.goto("/studio/maps");
  await page.getByRole("button", { name: "New map" }).click();
  await expect(page).toHaveURL(/\/studio\/maps\/[0-9a-f-]{36}$/);
  await page.getByLabel("Coordinates").fill("48.8606, 2.3376");
  await page.getByRole("button", { name: "Place" }).click();
  const form = page.getByTestId("new-spot-form");
  await form.getByLabel("Name").fill(name);
  await form.getByRole("button", { name: "Add to the map" }).click();
  await page.getByRole("button", { name, exact: true }).click();
  await page.getByRole("button", { name: "Edit details" }).click();
  await page.getByRole("link", { name: "Open on its own page" }).click();
  await expect(page).toHaveURL(/\/studio\/maps\/[0-9a-f-]{36}\/spots\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  return new URL(page.url()).pathname;
}

const status = (page: Page) => page.getByTestId("save-status");

async function expectSaved(page: Page) {
  await expect(status(page)).toHaveAttribute("data-status", "saved");
  await expect(status(page)).toHaveText("Saved");
}

/** A second tab of the same signed-in browser. */
async function secondTab(page: Page, path: string): Promise<Page> {
  const other = await page.context().newPage();
  await other.goto(path);
  await expectSaved(other);
  return other;
}

test.describe("the Studio spot page", () => {
  test("edits are saved without a Save button, a bad name is refused, and the lock shows for supporters-only", async ({ page }) => {
    const path = await newSpot(page, "Louvre corner");
    await expectSaved(page);
    await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);

    await page.getByLabel("Name").fill("Café Marly");
    await page.getByLabel("Summary").fill("Coffee under the arcades.");
    await page.getByLabel("Description", { exact: true }).fill("## Terrace\nAsk for a table **facing the pyramid**.");
    await page.getByLabel("Website").fill("https://cafe-marly.example.com");
    await page.getByLabel("Address").fill("93 Rue de Rivoli, Paris");
    await expectSaved(page);
    await expect(page.getByRole("heading", { name: "Café Marly", level: 1 })).toBeVisible();

    // The description's preview is the public page's rendering.
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByTestId("description-preview").getByRole("heading", { name: "Terrace" })).toBeVisible();
    await expect(page.getByTestId("description-preview").locator("strong")).toHaveText("facing the pyramid");
    await page.getByRole("button", { name: "Write" }).click();

    // Supporters only: a visible lock and who can see it.
    await expect(page.getByTestId("visibility-lock")).toHaveCount(0);
    await page.getByText("Supporters only", { exact: true }).click();
    await expect(page.getByTestId("visibility-lock")).toHaveText("Supporters only");
    await expect(page.getByTestId("visibility-explanation")).toHaveText("Only your supporters see the details; everyone else sees its name and a lock.");
    await page.getByText("Draft", { exact: true }).click();
    await expect(page.getByTestId("spot-status")).toHaveText("Draft");
    await expectSaved(page);

    // A bad name is refused with a message and saves nothing.
    await page.getByLabel("Name").fill("");
    await expect(page.getByText("Give the spot a name")).toBeVisible();
    await expect(status(page)).toHaveAttribute("data-status", "error");
    await page.getByLabel("Name").fill("x".repeat(121));
    await expect(page.getByText("The name must be at most 120 characters")).toBeVisible();
    await page.getByLabel("Name").fill("Café Marly");
    await expectSaved(page);

    // All of it is on the server: a fresh page shows it.
    await page.goto(path);
    await expect(page.getByLabel("Name")).toHaveValue("Café Marly");
    await expect(page.getByLabel("Summary")).toHaveValue("Coffee under the arcades.");
    await expect(page.getByLabel("Website")).toHaveValue("https://cafe-marly.example.com");
    await expect(page.getByLabel("Address")).toHaveValue("93 Rue de Rivoli, Paris");
    await expect(page.getByTestId("visibility-lock")).toHaveText("Supporters only");
    await expect(page.getByTestId("spot-status")).toHaveText("Draft");
    await expect(page).toHaveTitle("Café Marly · Studio");

    // Back to the map's editor, where the list shows the saved name.
    await page.getByTestId("back-to-map").click();
    await expect(page).toHaveURL(path.replace(/\/spots\/[^/]+$/, ""));
    await expect(page.getByTestId("spot-list").getByTestId("spot-row-name")).toContainText(["Café Marly"]);
  });

  test("a description in markdown shows formatted on the public spot page, the same once hydrated", async ({ page }) => {
    const path = await newSpot(page, "Jardin du Palais-Royal");
    await expectSaved(page);
    await page.getByLabel("Description", { exact: true }).fill("## Why go\n\n**Best** at dawn,\nbefore the crowds.\n\n<script>alert(1)</script>");
    await expectSaved(page);

    // The spot's public page (its owner sees it while the map is a draft), by the ids the Studio's address holds.
    const [, mapId, spotId] = /\/studio\/maps\/([^/]+)\/spots\/([^/]+)$/.exec(path)!;
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await page.goto(`/maps/${mapId}/spots/${spotId}`);
    await hydrated(page);
    const article = page.locator("article");
    await expect(article.getByRole("heading", { level: 2, name: "Why go" })).toBeVisible();
    await expect(article.locator("strong")).toHaveText("Best");
    await expect(article).toContainText("<script>alert(1)</script>");
    await expect(article).not.toContainText("##");
    await expect(article).not.toContainText("**");
    // React found the markup it would have made: no hydration error (React's #418, #423, #425).
    expect(errors.filter((e) => /hydrat|#4(18|23|25)/i.test(e))).toEqual([]);
  });

  test("nothing typed is lost on a reload mid-typing or a dropped connection", async ({ page }) => {
    const path = await newSpot(page, "Pont des Arts");
    await expectSaved(page);

    // Reloaded at once, before the pause that sends a save: the text comes back, then is saved.
    await page.getByLabel("Summary").fill("Padlocks gone, view intact.");
    await page.reload();
    await expect(page.getByLabel("Summary")).toHaveValue("Padlocks gone, view intact.");
    await expectSaved(page);
    await page.goto(path);
    await expect(page.getByLabel("Summary")).toHaveValue("Padlocks gone, view intact.");

    // The connection drops: the change is kept on this device, and saved after a reload once the server is reachable.
    await page.route("**/autosave", (route) => route.abort("internetdisconnected"));
    await page.getByLabel("Address").fill("Quai Malaquais, Paris");
    await expect(status(page)).toHaveText("Offline — changes kept on this device");
    await page.unroute("**/autosave");
    await page.reload();
    await expect(page.getByLabel("Address")).toHaveValue("Quai Malaquais, Paris");
    await expectSaved(page);
    await page.goto(path);
    await expect(page.getByLabel("Address")).toHaveValue("Quai Malaquais, Paris");
  });

  test("two tabs editing the same spot: the second save asks which version to keep", async ({ page }) => {
    const path = await newSpot(page, "Shakespeare and Company");
    await expectSaved(page);
    const other = await secondTab(page, path);

    // The other tab renames it; this tab, still on the old version, changes the summary.
    await other.getByLabel("Name").fill("Shakespeare & Co.");
    await expectSaved(other);
    await page.getByLabel("Summary").fill("Books upstairs, coffee next door.");
    const choice = page.getByTestId("conflict-choice");
    await expect(choice).toContainText("This spot was changed in another tab or on another device.");
    await expect(choice).toContainText("Name: yours “Shakespeare and Company”, theirs “Shakespeare & Co.”");
    await expect(status(page)).toHaveAttribute("data-status", "conflict");

    // Keep mine: this tab's copy is saved over the other's.
    await choice.getByRole("button", { name: "Keep mine" }).click();
    await expectSaved(page);
    await other.reload();
    await expect(other.getByLabel("Name")).toHaveValue("Shakespeare and Company");
    await expect(other.getByLabel("Summary")).toHaveValue("Books upstairs, coffee next door.");

    // Use theirs: the other tab's copy replaces this tab's change.
    await other.getByLabel("Address").fill("37 Rue de la Bûcherie, Paris");
    await expectSaved(other);
    await page.getByLabel("Address").fill("Somewhere else");
    await expect(choice).toBeVisible();
    await choice.getByRole("button", { name: "Use theirs" }).click();
    await expect(page.getByLabel("Address")).toHaveValue("37 Rue de la Bûcherie, Paris");
    await expectSaved(page);
    await page.goto(path);
    await expect(page.getByLabel("Address")).toHaveValue("37 Rue de la Bûcherie, Paris");
  });

  test("without JavaScript the same form saves with a Save button and shows the messages", async ({ browser, page, baseURL }) => {
    const path = await newSpot(page, "Sainte-Chapelle");
    const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plain = await noScript.newPage();
    await plain.goto(path);
    await plain.getByLabel("Name").fill("");
    await plain.getByRole("button", { name: "Save" }).click();
    await expect(plain.getByText("Give the spot a name")).toBeVisible();
    await expect(plain.getByRole("alert")).toHaveText("Check the highlighted fields");
    await plain.getByLabel("Name").fill("Sainte-Chapelle windows");
    await plain.getByRole("button", { name: "Save" }).click();
    await expect(plain.getByRole("heading", { name: "Sainte-Chapelle windows", level: 1 })).toBeVisible();
    await noScript.close();
  });
});

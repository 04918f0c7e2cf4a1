import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, signedInUser } from "./support/accounts";

const MAP = "/maps/barcelona-beyond-the-rambla";

const bookmarkRequest = (page: Page) =>
  page.waitForResponse((r) => r.url().includes("/api/bookmarks") && r.request().method() === "POST");

test.describe("My Atlas", () => {
  test("anonymous visitors are sent to log in", async ({ page }) => {
    await page.goto("/atlas");
    await expect(page).toHaveURL("/auth?step=login&redirectTo=%2Fatlas");
  });

  test("save a map and a spot, find them in My Atlas, remove them", async ({ page, baseURL }) => {
    await signedInUser(page, baseURL!, "atlas");
    await page.goto("/atlas");
    await expect(page.getByText("No saved maps yet")).toBeVisible();
    await expect(page.getByText("You are not following anyone yet")).toBeVisible();

    await page.goto(MAP);
    let saved = bookmarkRequest(page);
    await page.getByTestId("bookmark-map").click();
    await expect(page.getByTestId("bookmark-map")).toHaveText("Saved");
    expect((await saved).status()).toBe(200);

    await page.goto(`${MAP}/spots/cal-pep`);
    saved = bookmarkRequest(page);
    await page.getByTestId("bookmark-spot").click();
    expect((await saved).status()).toBe(200);

    await page.goto("/atlas");
    await expect(page.getByTestId("atlas-maps").getByRole("link", { name: /Barcelona Beyond the Rambla/ })).toBeVisible();
    await expect(page.getByTestId("atlas-spots").getByRole("link", { name: /Cal Pep/ })).toBeVisible();

    await page.goto(MAP);
    await expect(page.getByTestId("bookmark-map")).toHaveText("Saved");
    saved = bookmarkRequest(page);
    await page.getByTestId("bookmark-map").click();
    await expect(page.getByTestId("bookmark-map")).toHaveText("Save");
    expect((await saved).status()).toBe(200);
    await page.goto("/atlas");
    await expect(page.getByText("No saved maps yet")).toBeVisible();
  });

  test("an anonymous visitor who saves a spot logs in, and the spot is then saved", async ({ page, baseURL, browser }) => {
    const { email } = await signedInUser(page, baseURL!, "saver");
    const anon = await browser.newPage({ baseURL });
    await anon.goto(`${MAP}/spots/el-xampanyet`);
    await anon.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
    await anon.getByTestId("bookmark-spot").click();
    const dialog = anon.getByRole("dialog", { name: "Join Spotfolio" });
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    const saved = bookmarkRequest(anon);
    await dialog.getByRole("button", { name: "Log in" }).click();
    expect((await saved).status()).toBe(200);
    await expect(anon.getByTestId("bookmark-spot")).toHaveText("Saved");
    await anon.goto("/atlas");
    await expect(anon.getByTestId("atlas-spots").getByRole("link", { name: /El Xampanyet/ })).toBeVisible();
    await anon.close();
  });

  test("saving needs a session and a real item", async ({ request, baseURL }) => {
    const post = (form: Record<string, string>) => request.post("/api/bookmarks", { headers: { Origin: baseURL! }, form });
    expect((await post({ kind: "map", id: "00000000-0000-0000-0000-000000000000", intent: "on" })).status()).toBe(401);
  });
});

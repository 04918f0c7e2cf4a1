import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, linkFromMail, postSignUp, uniqueEmail } from "./support/accounts";
import { signIn } from "./support/fixtures";
import { hydrated } from "./support/hydration";

const MAP = "/maps/barcelona-beyond-the-rambla";

const bookmarkRequest = (page: Page) => page.waitForResponse((r) => r.url().includes("/api/bookmarks") && r.request().method() === "POST");

test.describe("My Atlas", () => {
  test("anonymous visitors are sent to log in", async ({ page }) => {
    await page.goto("/atlas");
    await expect(page).toHaveURL("/auth?step=login&redirectTo=%2Fatlas");
  });

  test("save a map and a spot, find them in My Atlas, remove them", async ({ page }) => {
    await signIn(page, "member", { prefix: "atlas" });
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
    const { email } = await signIn(page, "member", { prefix: "saver" });
    const anon = await browser.newPage({ baseURL });
    await anon.goto(`${MAP}/spots/el-xampanyet`);
    await hydrated(anon);
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

  test("every page of My Atlas: empty states first, then saved maps, spots, creators and recent views", async ({ page }) => {
    // A long walk through every Atlas page: more than the default 30 s on a loaded CI machine.
    test.setTimeout(120_000);
    await signIn(page, "member", { prefix: "atlas-walk" });
    const tabs = page.getByRole("navigation", { name: "My Atlas" });
    for (const [path, tab, heading, empty, next] of [
      ["/atlas/maps", "Maps", "Saved maps", "No saved maps yet", null],
      ["/atlas/spots", "Spots", "Saved spots", "No saved spots yet", "/maps"],
      ["/atlas/creators", "Creators", "Creators you follow", "You are not following anyone yet", "/creators"],
      ["/atlas/recent", "Recent", "Recently viewed", "Nothing viewed yet", "/explore"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(tabs.getByRole("link", { name: tab })).toHaveAttribute("aria-current", "page");
      await expect(page.getByText(empty)).toBeVisible();
      if (next) await expect(page.getByRole("main").getByRole("link", { name: /Browse maps|Find creators|Explore spots/ })).toHaveAttribute("href", next);
    }

    // Viewing a spot records it; the recent list opens it inside My Atlas.
    await page.goto(`${MAP}/spots/cal-pep`);
    await page.goto(`${MAP}/spots/bar-canete`);
    await page.goto("/atlas/recent");
    const recent = page.getByRole("main").getByRole("link");
    await expect(recent.first()).toContainText("Bar Cañete");
    await expect(recent.nth(1)).toContainText("Cal Pep");
    await recent.nth(1).click();
    await expect(page).toHaveURL("/atlas/recent/cal-pep");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cal Pep");
    await expect(page.getByRole("link", { name: "Recently viewed" })).toBeVisible();

    // A saved map opens inside My Atlas, and so do its spots.
    await page.goto(MAP);
    let saved = bookmarkRequest(page);
    await page.getByTestId("bookmark-map").click();
    expect((await saved).status()).toBe(200);
    await page.goto("/atlas/maps");
    await page
      .getByRole("main")
      .getByRole("link", { name: /Barcelona Beyond the Rambla/ })
      .first()
      .click();
    await expect(page).toHaveURL("/atlas/maps/barcelona-beyond-the-rambla");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Barcelona Beyond the Rambla");
    await page.getByTestId("spot-row").filter({ hasText: "El Xampanyet" }).click();
    await expect(page).toHaveURL("/atlas/maps/barcelona-beyond-the-rambla/spots/el-xampanyet");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("El Xampanyet");

    // A saved spot opens inside My Atlas; the locked one stays locked there too.
    saved = bookmarkRequest(page);
    await page.getByTestId("bookmark-spot").click();
    expect((await saved).status()).toBe(200);
    await page.goto(`${MAP}/spots/bar-canete`);
    saved = bookmarkRequest(page);
    await page.getByTestId("bookmark-spot").click();
    expect((await saved).status()).toBe(200);
    await page.goto("/atlas/spots");
    await page
      .getByRole("main")
      .getByRole("link", { name: /El Xampanyet/ })
      .click();
    await expect(page).toHaveURL("/atlas/spots/el-xampanyet");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("El Xampanyet");
    const locked = await page.goto("/atlas/spots/bar-canete");
    await expect(page.getByTestId("locked-spot")).toBeVisible();
    for (const secret of ["Carrer de la Unió 17", "bikini sandwich", "41.3796"]) expect(await locked!.text()).not.toContain(secret);

    // Followed creators are listed with a way to unfollow.
    await page.goto("/@lucia_ferrer");
    const followed = page.waitForResponse((r) => r.url().includes("/api/follows") && r.request().method() === "POST");
    await page.getByTestId("follow-button").click();
    expect((await followed).status()).toBe(200);
    await page.goto("/atlas/creators");
    await expect(page.getByTestId("followed-creators").getByRole("link", { name: /Lucía Ferrer/ })).toHaveAttribute("href", "/@lucia_ferrer");
    await expect(page.getByTestId("follow-button")).toBeVisible();

    // A spot that is in none of the user's lists is not found there.
    const stranger = await page.goto("/atlas/spots/cal-pep");
    expect(stranger?.status()).toBe(404);
  });

  test("every page of My Atlas asks anonymous visitors to log in", async ({ page }) => {
    for (const path of ["/atlas/maps", "/atlas/spots/cal-pep", "/atlas/recent", "/atlas/maps/barcelona-beyond-the-rambla"]) {
      await page.goto(path);
      await expect(page).toHaveURL(`/auth?step=login&redirectTo=${encodeURIComponent(path)}`);
    }
  });

  test("a signed-out visitor who clicks My Atlas logs in and lands on My Atlas, not on its data URL", async ({ page, request, baseURL }) => {
    // An account made in another context: this page stays signed out until it logs in.
    const email = uniqueEmail("atlas-return");
    expect((await postSignUp(request, baseURL!, email)).status()).toBe(200);
    expect((await request.get(await linkFromMail(request, email, "/api/auth/verify-email"))).ok()).toBe(true);

    await page.goto("/discover");
    await hydrated(page);
    await page.getByTestId("account-wide").getByRole("link", { name: "My Atlas" }).click();
    await expect(page).toHaveURL("/auth?step=login&redirectTo=%2Fatlas");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL("/atlas");
    await expect(page.getByRole("navigation", { name: "My Atlas" })).toBeVisible();
  });

  test("a login link that still points at a data URL opens the page itself", async ({ page, request, baseURL }) => {
    const email = uniqueEmail("atlas-data");
    expect((await postSignUp(request, baseURL!, email)).status()).toBe(200);
    expect((await request.get(await linkFromMail(request, email, "/api/auth/verify-email"))).ok()).toBe(true);

    // A link built before the fix (or by hand), followed without JavaScript's help or with it.
    await page.goto(`/auth?step=login&redirectTo=${encodeURIComponent("/atlas.data?_routes=routes%2Fatlas%2Fatlas-home")}`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL("/atlas");
    await expect(page.getByRole("navigation", { name: "My Atlas" })).toBeVisible();
  });
});

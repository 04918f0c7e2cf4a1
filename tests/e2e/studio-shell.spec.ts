import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support/fixtures";

const FORBIDDEN = "You do not have permission to view this page";

/** A creator of this test's own with one published map, on the Studio's dashboard; returns the handle. */
async function signInAsCreator(page: Page): Promise<string> {
  const { handle } = await signIn(page, "creator", { prefix: "shell" });
  await page.goto("/studio");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  return handle!;
}

test.describe("the Studio's frame", () => {
  test("on a wide screen: its own bar, the side navigation with the current page marked, and the way back to the site", async ({ page }) => {
    await signInAsCreator(page);
    await page.goto("/studio");
    await expect(page).toHaveTitle("Dashboard · Studio");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByTestId("site-header")).toHaveCount(0);
    const bar = page.getByTestId("studio-bar");
    await expect(bar.getByText("Studio", { exact: true })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Studio" });
    await expect(nav).toBeVisible();
    await expect(page.getByTestId("studio-menu-button")).toBeHidden();
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");

    // The dashboard: counts, the 30-day chart with its table, the top lists and what the creator brought in.
    const stats = page.getByTestId("studio-stats");
    for (const label of ["Published maps", "Draft maps", "Spots", "Followers", "Supporters"])
      await expect(stats.getByText(label, { exact: true })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Views and saves per day from/ })).toBeVisible();
    await page.getByText("Show the figures as a table").click();
    await expect(page.getByTestId("activity-table").locator("tbody tr")).toHaveCount(30);
    await expect(page.getByTestId("attributed").getByText("Sign-ups")).toBeVisible();
    await expect(page.getByTestId("top-maps")).toBeVisible();

    await nav.getByRole("link", { name: "Creator FAQ" }).click();
    await expect(page).toHaveTitle("Creator FAQ · Studio");
    await expect(nav.getByRole("link", { name: "Creator FAQ" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current", "page");
    const faq = page.getByTestId("creator-faq");
    await expect(faq.getByRole("heading", { name: "Why does a map need 30 spots before I can publish it?" })).toBeVisible();
    await expect(faq.getByText("The minimum payout is EUR 50")).toBeVisible();

    // The account menu is the site's.
    await bar.getByTestId("profile-button").click();
    await expect(page.getByTestId("account-drawer").getByRole("link", { name: "Creator Studio" })).toHaveAttribute("href", "/studio");
    await page.keyboard.press("Escape");

    await bar.getByRole("link", { name: /Public site/ }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByTestId("site-header")).toBeVisible();
  });

  test("on a narrow screen the navigation folds into a menu button", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signInAsCreator(page);
    await page.goto("/studio");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Studio" });
    await expect(nav).toBeHidden();
    const menu = page.getByRole("button", { name: "Open the Studio menu" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await menu.click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await page.getByRole("button", { name: "Close the Studio menu" }).click();
    await expect(nav).toBeHidden();
    // Choosing a page closes the menu.
    await menu.click();
    await nav.getByRole("link", { name: "Creator FAQ" }).click();
    await expect(page.getByRole("heading", { name: "Creator FAQ", level: 1 })).toBeVisible();
    await expect(nav).toBeHidden();
  });

  test("a signed-in user who is not a creator gets the 403 page, in the Studio's bar", async ({ page }) => {
    await signIn(page, "member", { prefix: "studio-shell-member" });
    const response = await page.goto("/studio");
    expect(response?.status()).toBe(403);
    await expect(page.getByText(FORBIDDEN)).toBeVisible();
    await expect(page.getByTestId("studio-bar")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Studio" })).toHaveCount(0);
  });

  test("the profile page edits what /@handle shows, with a live preview", async ({ page }) => {
    const handle = await signInAsCreator(page);
    await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Profile" }).click();
    await expect(page).toHaveTitle("Profile · Studio");
    const preview = page.getByTestId("profile-preview");
    const form = page.getByTestId("profile-form");

    await form.getByLabel("Display name").fill("Hannah in Berlin");
    await expect(preview.getByRole("heading", { name: "Hannah in Berlin" })).toBeVisible();
    await form.getByLabel("Bio").fill("Kiez cafés and lakes.");
    await expect(preview.getByText("Kiez cafés and lakes.")).toBeVisible();

    // A bad address is refused with a message on its field; nothing is saved.
    const rows = form.getByTestId("link-row");
    await rows
      .last()
      .getByLabel(/label$/)
      .fill("Website");
    await rows
      .last()
      .getByLabel(/address$/)
      .fill("ftp://hannah.example");
    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(form.getByText("Enter a full web address starting with https:// or http://")).toBeVisible();

    await rows
      .last()
      .getByLabel(/address$/)
      .fill("https://hannah.example");
    await page.getByRole("button", { name: "Add a link" }).click();
    await rows
      .last()
      .getByLabel(/label$/)
      .fill("Instagram");
    await rows
      .last()
      .getByLabel(/address$/)
      .fill("https://instagram.com/hannah");
    // Reorder: Instagram first.
    await page.getByRole("button", { name: `Move link ${await rows.count()} up` }).click();
    await expect(preview.getByTestId("creator-links").getByRole("link")).toHaveText(["Instagram", "Website"]);

    await page.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Your profile has been saved")).toBeVisible();

    await page.goto(`/@${handle}`);
    await expect(page.getByRole("heading", { name: "Hannah in Berlin", level: 1 })).toBeVisible();
    await expect(page.getByTestId("creator-links").getByRole("link")).toHaveText(["Instagram", "Website"]);
    await expect(page.getByTestId("creator-links").getByRole("link", { name: "Website" })).toHaveAttribute("href", "https://hannah.example");
  });

  test("account management shows what stopping would do (without doing it) and downloads every map as GeoJSON", async ({ page }) => {
    const handle = await signInAsCreator(page);
    await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Account management" }).click();
    await expect(page).toHaveTitle("Account management · Studio");
    const consequences = page.getByTestId("stop-consequences");
    await expect(consequences.getByText(/published maps? will be unpublished/)).toBeVisible();
    await expect(consequences.getByText(/even if it is below the usual EUR 50/)).toBeVisible();
    await expect(page.getByRole("link", { name: "account page" })).toHaveAttribute("href", "/account");

    // A wrong confirmation is refused; the creator stays a creator (this test never really stops: its map stays published).
    await page.getByLabel(/Type your handle/).fill("not-my-handle");
    await page.getByRole("button", { name: "Stop being a creator" }).click();
    await expect(page.getByText("Type your handle to confirm")).toBeVisible();

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download my maps (zip)" }).click();
    expect((await download).suggestedFilename()).toBe(`${handle}-maps.zip`);
  });
});

test.describe("old Studio addresses", () => {
  test("/studio/bank moved for good to the payout details", async ({ page }) => {
    await signIn(page, "creator", { prefix: "bank", maps: 0 });
    const final = await page.goto("/studio/bank");
    expect(final?.status()).toBe(200);
    await expect(page).toHaveURL("/studio/payouts/details");
    await expect(page.getByRole("heading", { name: "Payout details", level: 1 })).toBeVisible();
    await expect(page.getByTestId("error-page")).toHaveCount(0);
    const response = await page.request.get("/studio/bank?x=1", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe("/studio/payouts/details?x=1");
  });
});

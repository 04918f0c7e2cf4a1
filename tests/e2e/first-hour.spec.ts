/**
 * Issue 28, what new users trip over in their first hour (items 11, 12, 16, 17, 20 and 21):
 * a phone's width, a member's profile, the way into becoming a creator, the Studio's error page,
 * a spot's website and the sign-up dialog.
 */
import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, uniqueEmail } from "./support/accounts";
import { makeAccount, signIn } from "./support/fixtures";

// A demo creator; these tests only read as him.

/** How much wider than the window the page is (0 when it fits), and what sticks out (for the message: a row that scrolls on its own is fine). */
async function overflow(page: Page): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const culprits = Array.from(document.querySelectorAll("body *"))
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !el.closest("svg"))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute("class")).slice(0, 60)}`);
    return { width: document.documentElement.scrollWidth - width, culprits };
  });
}

test.describe("item 11: every page fits a 320 px phone", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("public pages, a map and a spot", async ({ page }) => {
    test.setTimeout(120_000);
    // A demo map, not whichever map another spec published last.
    const map = "/maps/rome-slow-and-eternal";
    await page.goto(map);
    const spot = await page.locator('main a[href*="/spots/"]').first().getAttribute("href");
    for (const path of ["/", "/explore", "/maps", map, spot!, "/creators", "/creators/apply", "/destinations", "/discover", "/search?q=coffee", "/auth"]) {
      await page.goto(path);
      await expect(page.locator("main").first()).toBeVisible();
      const { width, culprits } = await overflow(page);
      expect.soft(width, `${path} is ${width} px wider than 320 px (${culprits.join(", ")})`).toBe(0);
    }
  });

  test("a map whose title is one 60-letter word, its spot and the creator's page", async ({ page, request }) => {
    const word = `Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch${Math.random().toString(36).slice(2, 6)}`;
    const creator = await makeAccount(request, "creator", { prefix: "longword", title: word, spots: 3 });
    const map = creator.maps[0];
    for (const path of [`/maps/${map.slug}`, `/maps/${map.slug}/spots/${map.spots[0].slug}`, `/@${creator.handle}`, `/@${creator.handle}/maps`, "/maps"]) {
      await page.goto(path);
      await expect(page.locator("main").first()).toBeVisible();
      const { width, culprits } = await overflow(page);
      expect.soft(width, `${path} is ${width} px wider than 320 px (${culprits.join(", ")})`).toBe(0);
    }
  });

  test("a member's /account and /studio", async ({ page }) => {
    await signIn(page, "member", { prefix: "phone" });
    for (const path of ["/account", "/atlas", "/studio"]) {
      await page.goto(path);
      await expect(page.locator("main").first()).toBeVisible();
      const { width, culprits } = await overflow(page);
      expect.soft(width, `${path} is ${width} px wider than 320 px (${culprits.join(", ")})`).toBe(0);
    }
  });
});

test("item 12: a member without a handle changes their display name and bio on /account", async ({ page }) => {
  await signIn(page, "member", { prefix: "nohandle" });
  await page.goto("/account");
  const profile = page.getByTestId("account-profile");
  await expect(profile.getByLabel("Handle")).toHaveValue("");
  await profile.getByLabel("Display name").fill("Nora Nohandle");
  await profile.getByLabel("Bio").fill("Bakeries and long walks.");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByText("Your profile has been saved")).toBeVisible();
  await expect(profile.getByTestId("error-handle")).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId("account-profile").getByLabel("Display name")).toHaveValue("Nora Nohandle");
  await expect(page.getByTestId("account-profile").getByLabel("Bio")).toHaveValue("Bakeries and long walks.");
  await expect(page.getByTestId("account-profile").getByLabel("Handle")).toHaveValue("");
});

test.describe("item 16: becoming a creator is easy to find", () => {
  test("the footer, the home page, /creators and the account drawer say Become a creator", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("site-footer").getByRole("link", { name: "Become a creator" })).toHaveAttribute("href", "/creators/apply");
    await expect(page.getByTestId("home-become-creator").getByRole("link", { name: "Become a creator" })).toHaveAttribute("href", "/creators/apply");

    await page.goto("/creators");
    await page.getByRole("main").getByRole("link", { name: "Become a creator" }).click();
    await expect(page).toHaveURL("/creators/apply");

    await signIn(page, "member", { prefix: "drawer" });
    await page.goto("/info/copyright");
    await page.getByTestId("profile-button").click();
    await page.getByTestId("account-drawer").getByRole("link", { name: "Become a creator" }).click();
    await expect(page).toHaveURL("/creators/apply");
  });

  test("a pending applicant opening /studio is told the application is being reviewed, with its date", async ({ page, baseURL }) => {
    await signIn(page, "member", { prefix: "pending" });
    const applied = await page.request.post("/api/creator-application", {
      headers: { Origin: baseURL! },
      multipart: { url: `https://maps.app.goo.gl/pending${Date.now().toString(36)}` },
    });
    expect(applied.status(), await applied.text()).toBeLessThan(300);
    await page.goto("/account");
    const since = (await page.getByTestId("application-status").innerText()).match(/under review since (\d{1,2} \w+ \d{4})/)?.[1];
    expect(since).toBeTruthy();

    const response = await page.goto("/studio");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Your application is being reviewed", level: 1 })).toBeVisible();
    await expect(page.getByTestId("studio-application-pending")).toContainText(`You applied to become a creator on ${since}.`);
    await expect(page.getByTestId("error-page")).toHaveCount(0);
  });

  test("an approved creator opening /creators/apply is sent to the Studio", async ({ page }) => {
    await signIn(page, "creator", { prefix: "studio-way" });
    await page.goto("/creators/apply");
    await expect(page).toHaveURL("/studio");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  });
});

test.describe("item 17: the Studio's way back", () => {
  test("an error page inside the Studio leads back into the Studio", async ({ page }) => {
    await signIn(page, "creator", { prefix: "studio-way" });
    await page.goto("/studio/maps/00000000-0000-4000-8000-000000000000");
    await expect(page.getByTestId("error-page")).toContainText("404 ERROR");
    await page.getByRole("link", { name: "Back to the Studio" }).click();
    await expect(page).toHaveURL("/studio");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  });

  test("/studio/map-is-ready without ?map= sends the creator to their maps", async ({ page }) => {
    await signIn(page, "creator", { prefix: "studio-way" });
    const response = await page.goto("/studio/map-is-ready");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL("/studio/maps");
  });
});

test("item 20: the Website saved in the Studio appears on the spot's page", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, "creator", { prefix: "website" });
  await page.goto("/studio/maps");
  await page.getByRole("button", { name: "New map" }).click();
  await expect(page).toHaveURL(/\/studio\/maps\/[0-9a-f-]{36}$/);
  const mapId = new URL(page.url()).pathname.split("/").pop()!;
  await page.getByLabel("Coordinates").fill("41.3851, 2.1734");
  await page.getByRole("button", { name: "Place" }).click();
  const form = page.getByTestId("new-spot-form");
  await form.getByLabel("Name").fill("Bar Website");
  await form.getByRole("button", { name: "Add to the map" }).click();
  await page.getByRole("button", { name: "Bar Website", exact: true }).click();
  await page.getByRole("button", { name: "Edit details" }).click();
  await page.getByRole("link", { name: "Open on its own page" }).click();
  await expect(page).toHaveURL(/\/studio\/maps\/[0-9a-f-]{36}\/spots\/[0-9a-f-]{36}$/);
  const spotId = new URL(page.url()).pathname.split("/").pop()!;
  await page.getByLabel("Website", { exact: true }).fill("https://www.bar-website.example.com/menu/");
  await expect(page.getByTestId("save-status")).toHaveAttribute("data-status", "saved");

  await page.goto(`/maps/${mapId}/spots/${spotId}`);
  await expect(page.getByRole("heading", { name: "Bar Website", level: 1 })).toBeVisible();
  const website = page.getByTestId("spot-website");
  await expect(website).toHaveText("bar-website.example.com/menu");
  await expect(website).toHaveAttribute("href", "https://www.bar-website.example.com/menu/");
  await expect(website).toHaveAttribute("rel", /noopener/);
});

test("item 21: after sign-up, an ordinary user's dialog closes with a toast to check the email", async ({ page }) => {
  const email = uniqueEmail("toast");
  await page.goto("/info/cookie-policy");
  await page.getByRole("link", { name: "Sign up for free" }).click();
  const dialog = page.getByRole("dialog", { name: "Join Spotfolio" });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await dialog.getByLabel("Confirm password").fill(PASSWORD);
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Sign up" }).click();
  await expect(dialog).toBeHidden();
  const toast = page.locator('[data-sonner-toast][data-type="success"]');
  await expect(toast).toContainText("Check your email");
  await expect(toast).toContainText(`We sent a confirmation link to ${email}. Open it to finish creating your account.`);
  await expect(page).toHaveURL("/info/cookie-policy");
});

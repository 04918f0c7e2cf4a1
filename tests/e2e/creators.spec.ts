import { expect, test } from "@playwright/test";
import { PASSWORD } from "./support/accounts";
import { signIn } from "./support/fixtures";

const CREATOR = "/@lucia_ferrer";

test.describe("creator pages", () => {
  test("the overview, maps and spots of a creator", async ({ page }) => {
    const response = await page.goto(CREATOR);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lucía Ferrer");
    await expect(page.getByTestId("creator-counts")).toContainText("maps");
    await expect(page.getByText("I grew up above a bakery in Gràcia")).toBeVisible();
    await expect(page.getByTestId("creator-maps").getByRole("link", { name: /Barcelona Beyond the Rambla/ })).toHaveAttribute(
      "href",
      "/maps/barcelona-beyond-the-rambla",
    );
    await page.getByRole("navigation", { name: "Creator" }).getByRole("link", { name: "Spots" }).click();
    await expect(page).toHaveURL(`${CREATOR}/spots`);
    const canete = page.getByTestId("creator-spots").getByRole("listitem").filter({ hasText: "Bar Cañete" });
    await expect(canete.getByTestId("locked-badge")).toBeVisible();
    expect(await page.content()).not.toContain("bikini sandwich");
    await page.getByRole("navigation", { name: "Creator" }).getByRole("link", { name: "Maps" }).click();
    await expect(page).toHaveURL(`${CREATOR}/maps`);
  });

  test("unknown handles and non-@ paths are 404", async ({ request }) => {
    const ua = { "User-Agent": "Mozilla/5.0 Chrome/156" };
    expect((await request.get("/@nobody_here", { headers: ua })).status()).toBe(404);
    expect((await request.get("/lucia_ferrer", { headers: ua })).status()).toBe(404);
  });

  test("an anonymous visitor who clicks Follow logs in, and the follow then happens", async ({ page, baseURL, browser }) => {
    const { email } = await signIn(page, "member", { prefix: "follower" });
    const anon = await browser.newPage({ baseURL });
    await anon.goto(CREATOR);
    await anon.getByTestId("follow-button").click();
    const dialog = anon.getByRole("dialog", { name: "Join Spotfolio" });
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
    // The follow is sent once the login has gone through.
    const followed = anon.waitForResponse((r) => r.url().includes("/api/follows") && r.request().method() === "POST");
    await dialog.getByRole("button", { name: "Log in" }).click();
    await expect(dialog).toBeHidden();
    await expect(anon.getByTestId("follow-button")).toHaveText("Following");
    expect((await followed).status()).toBe(200);
    await anon.reload();
    await expect(anon.getByTestId("follow-button")).toHaveText("Following");
    await expect(anon.getByTestId("follow-button")).toHaveAttribute("aria-pressed", "true");

    const unfollowed = anon.waitForResponse((r) => r.url().includes("/api/follows") && r.request().method() === "POST");
    await anon.getByTestId("follow-button").click();
    await expect(anon.getByTestId("follow-button")).toHaveText("Follow");
    expect((await unfollowed).status()).toBe(200);
    await anon.reload();
    await expect(anon.getByTestId("follow-button")).toHaveText("Follow");
    await anon.close();
  });

  test("following needs a session on the server", async ({ request, baseURL }) => {
    const response = await request.post("/api/follows", { headers: { Origin: baseURL! }, form: { creatorId: "x", intent: "follow" } });
    expect(response.status()).toBe(401);
  });
});

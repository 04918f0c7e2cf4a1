/**
 * The back office's users (issue 25, item 7): an admin finds a creator by their handle, suspends
 * them with a reason (after a confirmation); the creator, signed in elsewhere, is signed out at
 * once, cannot sign in and reads why; their creator page is gone for visitors and the reason is in
 * their mailbox. Lifting the suspension lets them sign in again and brings the page back.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { mailboxFor, submitLogin } from "./support/accounts";
import { makeAccount, secondSession, signIn } from "./support/fixtures";

/** Serious or critical accessibility violations on the page as it is now. */
const serious = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);

test.describe("the back office's users", () => {
  test.describe.configure({ timeout: 120_000 });

  test("an admin suspends a creator, who cannot sign in and sees why; lifting the suspension restores them", async ({ page, browser, baseURL }) => {
    const creator = await makeAccount(page.request, "creator", { prefix: "suspended-creator", spots: 2 });
    const handle = creator.handle!;
    const creatorPage = await secondSession(browser, baseURL!, creator.email, creator.password);

    await signIn(page, "admin", { prefix: "users-admin" });
    await page.goto("/admin");
    await page.getByTestId("admin-nav").getByRole("link", { name: "Users" }).click();
    await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
    await expect(page).toHaveTitle("Users · Studio");
    await page.getByRole("searchbox", { name: "Email, handle or name" }).fill(`@${handle}`);
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByTestId("user-row").filter({ hasText: creator.email });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("user-roles")).toContainText("Creator");
    expect(await serious(page)).toEqual([]);
    await row.getByRole("link").first().click();
    await expect(page.getByTestId("roles-summary")).toHaveText("Creator");

    // Destructive: a question first, and the reason is required.
    await page.getByRole("link", { name: "Suspend…" }).click();
    const question = page.getByRole("alertdialog");
    await expect(question).toContainText("signed out everywhere");
    expect(await serious(page)).toEqual([]);
    // Without a reason the browser keeps the form (required); the server's own refusal is an integration test's.
    const reason = "Your maps copied another guide's text word for word";
    await question.getByLabel("Reason (emailed to them and shown at sign-in)").fill(reason);
    await question.getByRole("button", { name: "Suspend the account" }).click();
    await expect(page.getByRole("alert")).toContainText("The account is suspended");
    await expect(page.getByTestId("suspended-badge")).toBeVisible();
    await expect(page.getByTestId("suspension")).toContainText(reason);

    // Their open session ended: the next page they open is a visitor's.
    await creatorPage.goto("/account");
    await expect(creatorPage).toHaveURL(/\/auth\?step=login/);
    await creatorPage.context().close();

    // Visitors no longer find the creator page.
    const visitor = await browser.newPage({ baseURL });
    expect((await visitor.goto(`/@${handle}`))?.status()).toBe(404);

    // Signing in is refused, with why and whom to write to.
    const login = await browser.newPage({ baseURL });
    await submitLogin(login, creator.email, creator.password);
    const refusal = login.getByRole("alert").filter({ hasText: "Your account is suspended" });
    await expect(refusal).toContainText("word for word");
    await expect(refusal).toContainText("@");
    await expect(login).toHaveURL(/\/auth/);
    await expect.poll(async () => (await mailboxFor(page.request, creator.email)).map((m) => m.subject)).toContain("Your Spotfolio account is suspended");
    expect((await mailboxFor(page.request, creator.email)).find((m) => m.subject.includes("suspended"))?.text).toContain("word for word");

    // Lifted: the page is back and they can sign in.
    await page.getByRole("button", { name: "Lift the suspension" }).click();
    await expect(page.getByRole("alert")).toContainText("The suspension is lifted");
    await expect(page.getByTestId("suspended-badge")).toHaveCount(0);
    expect((await visitor.goto(`/@${handle}`))?.status()).toBe(200);
    await submitLogin(login, creator.email, creator.password);
    await expect(login).not.toHaveURL(/\/auth/);
    await expect(login.locator('[data-testid="profile-button"]:visible, [data-testid="profile-tab"]:visible')).toHaveCount(1);
    await visitor.close();
    await login.close();
  });
});

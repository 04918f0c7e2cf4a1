/**
 * A creator of the test's own, made the way a real one is: a signed-up,
 * verified user applies, an admin approves the application in the back
 * office, and the creator chooses a handle on their first Studio visit. For
 * specs that change a creator's maps and must not touch the demo creators.
 */
import { expect, type Browser, type Page } from "@playwright/test";
import { linkFromMail, mailboxFor, postSignUp, signedInUser, submitLogin } from "./accounts";

/** Listed in ADMIN_EMAILS (playwright.config.ts): an admin from sign-up, used only by this helper. */
const APPROVER = "e2e-approver@example.com";

/** The approver, signed in in a browser context of its own (signed up and verified on first use). */
async function approver(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  if ((await mailboxFor(page.request, APPROVER)).length === 0) {
    expect((await postSignUp(page.request, baseURL, APPROVER)).status()).toBe(200);
    await page.goto(await linkFromMail(page.request, APPROVER, "/api/auth/verify-email"));
  } else {
    await submitLogin(page, APPROVER);
  }
  await expect(page.locator('[data-testid="profile-button"]:visible, [data-testid="profile-tab"]:visible')).toHaveCount(1);
  return page;
}

/**
 * Make `page`'s browser a signed-in creator with a handle, through the real
 * application and approval. Returns the creator's email and handle.
 */
export async function approvedCreator(page: Page, browser: Browser, baseURL: string, prefix = "creator"): Promise<{ email: string; handle: string }> {
  const { email } = await signedInUser(page, baseURL, prefix);
  const applied = await page.request.post("/api/creator-application", {
    headers: { Origin: baseURL },
    multipart: { url: `https://maps.app.goo.gl/${prefix}${Date.now().toString(36)}` },
  });
  expect(applied.status(), await applied.text()).toBeLessThan(300);

  const admin = await approver(browser, baseURL);
  await admin.goto("/admin/creators?status=pending");
  const row = admin.getByRole("row").filter({ hasText: email });
  await row.getByRole("link").first().click();
  await expect(admin.getByTestId("applicant")).toContainText(email);
  await admin.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByText("is now a creator")).toBeVisible();
  await admin.context().close();

  const handle = `${prefix.replace(/[^a-z0-9]/g, "")}.${Date.now().toString(36)}`;
  await page.goto("/studio");
  await expect(page.getByRole("heading", { name: "Choose your handle", level: 1 })).toBeVisible();
  await page.getByLabel("Handle").fill(handle);
  await page.getByRole("button", { name: "Continue to the Studio" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  return { email, handle };
}

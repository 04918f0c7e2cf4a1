/**
 * Two-factor sign-in (issue 23, item 11): a member turns it on in /account (password, the key the
 * page shows, a first code), saves the recovery codes, signs out, and signs in again with the
 * password and a code computed from that key as a phone would (RFC 6238 over node:crypto), then
 * with a recovery code; a wrong code is refused with a clear message.
 */
import { expect, test, type Page } from "@playwright/test";
import { base32Decode, totpCode } from "../../app/modules/auth/totp.server";
import { PASSWORD, signIn } from "./support/fixtures";

/** A code that is not the one of now, nor of either neighbouring period. */
function wrongCode(key: Uint8Array): string {
  const near = new Set([-30_000, 0, 30_000].map((offset) => totpCode(key, Date.now() + offset)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, "0");
    if (!near.has(code)) return code;
  }
}

async function signOut(page: Page) {
  await page.goto("/");
  await page.getByTestId("profile-button").click();
  await page.getByTestId("account-drawer").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
}

async function passwordStep(page: Page, email: string) {
  await page.goto("/auth?step=login&redirectTo=%2Faccount");
  const form = page.getByTestId("auth-login");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/auth\/two-factor\?redirectTo=%2Faccount$/);
  await expect(page.getByRole("heading", { name: "Two-factor authentication", level: 1 })).toBeVisible();
}

test.describe("two-factor sign-in", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a member turns it on, then signs in with the password and a code, and with a recovery code; a wrong code is refused", async ({ page }) => {
    const { email } = await signIn(page, "member", { prefix: "two-factor" });

    // Turn it on: the password, then the QR code and the key in text, then a first code.
    await page.goto("/account#two-factor");
    let section = page.getByTestId("two-factor");
    await section.getByLabel("Your password").fill("not my password");
    await section.getByRole("button", { name: "Set up two-factor authentication" }).click();
    await expect(section.getByTestId("error-password")).toHaveText("This password is not right");
    await section.getByLabel("Your password").fill(PASSWORD);
    await section.getByRole("button", { name: "Set up two-factor authentication" }).click();
    const setup = section.getByTestId("two-factor-setup");
    await expect(setup.getByRole("img", { name: "QR code for your authenticator app" }).locator("svg")).toBeVisible();
    const key = base32Decode((await setup.getByTestId("two-factor-secret").textContent()) ?? "");
    expect(key.length).toBeGreaterThan(10);

    await setup.getByLabel("The 6-digit code the app shows").fill(wrongCode(key));
    await setup.getByRole("button", { name: "Turn on" }).click();
    await expect(setup.getByTestId("error-code")).toHaveText("This code is not right. Enter the code your app shows now.");
    await setup.getByLabel("The 6-digit code the app shows").fill(totpCode(key));
    await setup.getByRole("button", { name: "Turn on" }).click();
    await expect(section.getByText("Two-factor authentication is on.")).toBeVisible();
    const codes = await section.getByTestId("recovery-code").allTextContents();
    expect(codes).toHaveLength(10);
    // The codes come as a file to keep.
    const download = page.waitForEvent("download");
    await section.getByRole("link", { name: "Download as .txt" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("spotfolio-recovery-codes.txt");
    await expect(section.getByTestId("recovery-codes-left")).toHaveText("10 recovery codes left.");

    // Signed out, the password alone is not enough: a wrong code is refused, a right one signs in.
    await signOut(page);
    await passwordStep(page, email);
    expect((await page.context().cookies()).find((c) => c.name.endsWith("session_token"))).toBeUndefined();
    await page.getByLabel("Authentication code").fill(wrongCode(key));
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByTestId("error-code")).toHaveText("This code is not right. Enter the code your app shows now.");
    await expect(page).toHaveURL(/\/auth\/two-factor/);
    await page.getByLabel("Authentication code").fill(totpCode(key));
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL("/account");
    await expect(page.getByTestId("two-factor").getByText("Two-factor authentication is on.")).toBeVisible();

    // Again, with a recovery code instead of the app: it works once.
    await signOut(page);
    await passwordStep(page, email);
    await page.getByRole("link", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").fill(codes[0]!);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL("/account");
    await expect(page.getByTestId("recovery-codes-left")).toHaveText("9 recovery codes left.");

    await signOut(page);
    await passwordStep(page, email);
    await page.getByRole("link", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").fill(codes[0]!);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByTestId("error-code")).toHaveText("This recovery code is not right, or it has been used");

    // Signed in with the app again: new recovery codes replace the old ones, then it is turned off.
    await page.getByRole("link", { name: "Use your authenticator app instead" }).click();
    await page.getByLabel("Authentication code").fill(totpCode(key));
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL("/account");
    section = page.getByTestId("two-factor");
    const regenerate = section.locator("form", { has: page.getByRole("button", { name: "Make new recovery codes" }) });
    await regenerate.getByLabel("Your password").fill(PASSWORD);
    await regenerate.getByRole("button", { name: "Make new recovery codes" }).click();
    await expect(page.getByText("You have new recovery codes. The old ones no longer work.")).toBeVisible();
    const fresh = await section.getByTestId("recovery-code").allTextContents();
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[1]);
    await expect(section.getByTestId("recovery-codes-left")).toHaveText("10 recovery codes left.");

    const turnOff = section.locator("form", { has: page.getByRole("button", { name: "Turn off two-factor authentication" }) });
    await turnOff.getByLabel("Your password").fill(PASSWORD);
    await turnOff.getByRole("button", { name: "Turn off two-factor authentication" }).click();
    await expect(section.getByRole("button", { name: "Set up two-factor authentication" })).toBeVisible();
    await signOut(page);
    await page.goto("/auth?step=login&redirectTo=%2Faccount");
    const form = page.getByTestId("auth-login");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await form.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL("/account");
  });
});

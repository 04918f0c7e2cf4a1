import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, linkFromMail, mailboxFor, submitLogin, uniqueEmail } from "./support/accounts";
import { makeAccount, signIn } from "./support/fixtures";

const dialog = (page: Page) => page.getByRole("dialog", { name: "Join Spotfolio" });

test.describe("auth dialog", () => {
  test("Sign up for free opens the signup tab and Login the login tab, titled Join Spotfolio", async ({ page }) => {
    await page.goto("/info/copyright");
    await page.getByRole("link", { name: "Sign up for free" }).click();
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByTestId("auth-signup")).toBeVisible();
    await expect(page).toHaveURL("/info/copyright");
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toBeHidden();

    await page.getByRole("link", { name: "Login" }).click();
    await expect(dialog(page).getByTestId("auth-login")).toBeVisible();
    await expect(dialog(page).getByRole("link", { name: "Forgot password?" })).toBeVisible();
    await dialog(page).getByRole("button", { name: "Email me a magic link" }).click();
    await expect(dialog(page).getByTestId("auth-magiclink")).toBeVisible();
    await dialog(page).getByRole("button", { name: "Back to login" }).click();
    await dialog(page).getByRole("button", { name: "Join for free" }).click();
    await expect(dialog(page).getByTestId("auth-signup")).toBeVisible();
    // Social buttons are hidden when no provider is configured.
    await expect(dialog(page).getByRole("button", { name: /Continue with/ })).toHaveCount(0);
  });

  test("sign-up validates every field on blur, then as the user types", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Sign up for free" }).click();
    const form = dialog(page);
    const email = form.getByLabel("Email");
    const password = form.getByLabel("Password", { exact: true });
    const confirm = form.getByLabel("Confirm password");

    await email.focus();
    await password.focus();
    await expect(form.getByTestId("error-email")).toHaveText("Email is required");
    await email.fill("not-an-email");
    await expect(form.getByTestId("error-email")).toHaveText("Please enter a valid email address");
    await email.fill("someone@example.com");
    await expect(form.getByTestId("error-email")).toBeHidden();

    await password.fill("short");
    await confirm.focus();
    await expect(form.getByTestId("error-password")).toHaveText("Password must be at least 8 characters long");
    await password.fill("x".repeat(256));
    await expect(form.getByTestId("error-password")).toHaveText("Password must be at most 255 characters long");
    await password.fill("");
    await expect(form.getByTestId("error-password")).toHaveText("Password is required");
    await password.fill(PASSWORD);
    await expect(form.getByTestId("error-password")).toBeHidden();

    await confirm.focus();
    await email.focus();
    await expect(form.getByTestId("error-confirmPassword")).toHaveText("Confirm password is required");
    await confirm.fill("something else");
    await expect(form.getByTestId("error-confirmPassword")).toHaveText("Passwords must match");
    await confirm.fill(PASSWORD);
    await expect(form.getByTestId("error-confirmPassword")).toBeHidden();

    await form.getByRole("button", { name: "Sign up" }).click();
    await expect(form.getByTestId("error-privacy")).toHaveText("You must accept the privacy policy to continue");
    await form.getByLabel("Privacy summary").click();
    await expect(page.getByRole("dialog", { name: "Your privacy in short" })).toBeVisible();
  });

  test("a new user signs up in the dialog, verifies by email, uses the drawer and signs out", async ({ page, request }) => {
    const email = uniqueEmail("journey");
    await page.goto("/info/cookie-policy");
    await page.getByRole("link", { name: "Sign up for free" }).click();
    const form = dialog(page);
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await form.getByLabel("Confirm password").fill(PASSWORD);
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Sign up" }).click();
    // The dialog closes on success; a toast says where the confirmation went (issue 28, item 21).
    await expect(dialog(page)).toBeHidden();
    await expect(page.locator('[data-sonner-toast][data-type="success"]')).toContainText(`We sent a confirmation link to ${email}`);

    const link = await linkFromMail(request, email, "/api/auth/verify-email");
    await page.goto(link);
    // /confirm finishes the sign-in and sends the user back to where they signed up.
    await expect(page).toHaveURL("/info/cookie-policy");
    const profileButton = page.getByTestId("profile-button");
    await expect(profileButton).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign up for free" })).toHaveCount(0);

    // The session cookie is HttpOnly and SameSite=Lax.
    const cookie = (await page.context().cookies()).find((c) => c.name.endsWith("session_token"));
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    expect(await page.evaluate(() => document.cookie)).not.toContain("session_token");

    // The drawer: toggles, lists the entries, closes on outside click and on route change.
    await profileButton.click();
    const drawer = page.getByTestId("account-drawer");
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId("drawer-handle")).toHaveText("Your account");
    await expect(drawer.getByRole("link", { name: "Account" })).toHaveAttribute("href", "/account");
    await expect(drawer.getByRole("link", { name: "Help & Support" })).toHaveAttribute("href", "mailto:info@spotfolio.app");
    await expect(drawer.getByRole("link", { name: "Creator Studio" })).toHaveCount(0);
    await expect(drawer.getByTestId("drawer-supporting")).toContainText("You are not supporting any creators");
    await page.mouse.click(100, 400);
    await expect(drawer).toBeHidden();
    // The profile button toggles it.
    await profileButton.click();
    await expect(drawer).toBeVisible();
    await profileButton.click();
    await expect(drawer).toBeHidden();
    await profileButton.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();

    await page.goto("/info/copyright");
    await page.getByTestId("profile-button").click();
    await page.getByTestId("account-drawer").getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    expect((await page.context().cookies()).find((c) => c.name.endsWith("session_token"))).toBeUndefined();
  });

  test("the drawer closes on a route change", async ({ page }) => {
    await signIn(page, "member", { prefix: "drawer" });
    await page.goto("/info/copyright");
    await page.getByTestId("profile-button").click();
    const drawer = page.getByTestId("account-drawer");
    await expect(drawer).toBeVisible();
    // A navigation started elsewhere (a link outside the drawer, browser back) closes it.
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('footer a[href="/info/legal-notice"]')?.click());
    await expect(page).toHaveURL("/info/legal-notice");
    await expect(drawer).toBeHidden();
  });

  test("an existing user logs in from the dialog and stays on the page", async ({ page, baseURL, browser }) => {
    const { email } = await signIn(page, "member", { prefix: "login" });
    const fresh = await browser.newPage({ baseURL });
    await fresh.goto("/info/privacy-policy");
    await fresh.getByRole("link", { name: "Login" }).click();
    const form = dialog(fresh);
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password", { exact: true }).fill("wrong password");
    await form.getByRole("button", { name: "Log in" }).click();
    await expect(form.getByRole("alert")).toHaveText("Login failed. Check your email and password and try again.");
    await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await form.getByRole("button", { name: "Log in" }).click();
    await expect(dialog(fresh)).toBeHidden();
    await expect(fresh).toHaveURL("/info/privacy-policy");
    await expect(fresh.getByTestId("profile-button")).toBeVisible();
    await fresh.close();
  });

  test("magic link: sent toast and countdown, signs in; unknown addresses get the same answer and no mail", async ({ page, baseURL, browser, request }) => {
    const { email } = await signIn(page, "member", { prefix: "magic" });
    const before = (await mailboxFor(page.request, email)).length;
    const fresh = await browser.newPage({ baseURL });
    await fresh.goto("/");
    await fresh.getByRole("link", { name: "Login" }).click();
    await dialog(fresh).getByRole("button", { name: "Email me a magic link" }).click();
    await dialog(fresh).getByLabel("Email").fill(email);
    await dialog(fresh).getByRole("button", { name: "Send magic link" }).click();
    await expect(fresh.getByText("Magic link sent", { exact: true })).toBeVisible();
    await expect(fresh.getByText("Magic link sent! Please check your email.").first()).toBeVisible();
    await expect(dialog(fresh).getByRole("button", { name: /Resend in \d+s/ })).toBeDisabled();

    const link = await linkFromMail(fresh.request, email, "/api/auth/magic-link/verify", before);
    await fresh.goto(link);
    await expect(fresh.getByTestId("profile-button")).toBeVisible();
    await fresh.close();

    const ghost = uniqueEmail("ghost");
    const anon = await browser.newPage({ baseURL });
    await anon.goto("/auth?step=magiclink");
    await anon.getByLabel("Email").fill(ghost);
    await anon.getByRole("button", { name: "Send magic link" }).click();
    await expect(anon.getByText("Magic link sent", { exact: true })).toBeVisible();
    // Mail goes out in the order it was queued: once a later link to a real account has arrived,
    // a (wrongly) queued one to the unknown address would have arrived too.
    const later = await makeAccount(request, "member", { prefix: "magic-later" });
    await anon.goto("/auth?step=magiclink");
    await anon.getByLabel("Email").fill(later.email);
    await anon.getByRole("button", { name: "Send magic link" }).click();
    await linkFromMail(anon.request, later.email, "/api/auth/magic-link/verify");
    expect(await mailboxFor(anon.request, ghost)).toHaveLength(0);
    await anon.close();
  });

  test("password recovery: reset by email, old sessions revoked, new password works", async ({ page, baseURL, browser }) => {
    const { email } = await signIn(page, "member", { prefix: "reset" });
    await page.goto("/");
    await expect(page.getByTestId("profile-button")).toBeVisible();
    const before = (await mailboxFor(page.request, email)).length;

    const other = await browser.newPage({ baseURL });
    await other.goto("/forgot-password");
    await other.getByRole("button", { name: "Send reset link" }).click();
    await expect(other.getByTestId("error-email")).toHaveText("Email is required");
    await other.getByLabel("Email").fill(email);
    await other.getByRole("button", { name: "Send reset link" }).click();
    await expect(other.getByTestId("reset-sent")).toContainText(`If an account exists for ${email}`);
    const link = await linkFromMail(other.request, email, "/api/auth/reset-password/", before);
    await other.goto(link);
    await expect(other).toHaveURL(/\/reset-password\?token=/);
    // A real reset (the account has a password) keeps its title.
    await expect(other.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");
    const newPassword = "a brand new secret";
    await other.getByLabel("New password").fill("short");
    await other.getByLabel("Confirm password").fill("short");
    await other.getByRole("button", { name: "Set new password" }).click();
    await expect(other.getByTestId("error-password")).toHaveText("Password must be at least 8 characters long");
    await other.getByLabel("New password").fill(newPassword);
    await other.getByLabel("Confirm password").fill(newPassword);
    await other.getByRole("button", { name: "Set new password" }).click();
    await expect(other).toHaveURL(/\/auth\?step=login/);
    await expect(other.getByText("Your password has been changed. Please log in with your new password.")).toBeVisible();

    // The reset link works once.
    await other.goto(link);
    await expect(other.getByRole("alert")).toContainText("invalid or has expired");

    // The session that existed before the reset is gone.
    await page.reload();
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();

    await submitLogin(other, email);
    await expect(other.getByRole("alert")).toHaveText("Login failed. Check your email and password and try again.");
    await other.getByLabel("Password", { exact: true }).fill(newPassword);
    await other.getByRole("button", { name: "Log in" }).click();
    await expect(other).toHaveURL("/");
    await expect(other.getByTestId("profile-button")).toBeVisible();
    await other.close();
  });

  test("the /auth page works without JavaScript", async ({ browser, baseURL, request }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    const email = uniqueEmail("nojs");
    await page.goto("/auth?step=signup");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill("mismatch!!");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByTestId("error-confirmPassword")).toHaveText("Passwords must match");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByTestId("check-email")).toBeVisible();
    await page.goto(await linkFromMail(request, email, "/api/auth/verify-email"));
    await page.goto("/auth?step=login");
    // Signed in already: the login page sends the user on.
    await expect(page).toHaveURL("/");
    await context.close();
  });
});

test.describe("abuse of the login", () => {
  const retryAfter = (response: { headers(): Record<string, string> }) => Number(response.headers()["retry-after"]);

  test("10 wrong passwords: a 429 with Retry-After; a password reset lets the owner straight back in", async ({ page, browser, baseURL }) => {
    const setup = await browser.newPage({ baseURL });
    const { email } = await signIn(setup, "member", { prefix: "lockout" });
    await setup.close();
    const login = (password: string) =>
      page.request.post("/auth", { headers: { Origin: baseURL! }, form: { intent: "login", mode: "page", email, password }, maxRedirects: 0 });
    for (let i = 0; i < 10; i++) expect((await login(`wrong ${i}`)).status()).toBe(401);
    const locked = await login(PASSWORD);
    expect(locked.status()).toBe(429);
    expect(retryAfter(locked)).toBeGreaterThan(0);

    const before = (await mailboxFor(page.request, email)).length;
    expect((await page.request.post("/forgot-password", { headers: { Origin: baseURL! }, form: { email } })).status()).toBe(200);
    const link = await linkFromMail(page.request, email, "/api/auth/reset-password/", before);
    await page.goto(link);
    await page.getByLabel("New password").fill("a fresh password 7");
    await page.getByLabel("Confirm password").fill("a fresh password 7");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL(/\/auth\?step=login/);
    expect((await login("a fresh password 7")).status()).toBe(302);
  });

  test("a newline in redirectTo is no 500: the login page opens", async ({ page }) => {
    const response = await page.goto("/auth?redirectTo=%2F%0A%2Fevil.example");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("a signed-in user opening /auth with a tab-spelled redirectTo stays on this site", async ({ page, baseURL }) => {
    await signIn(page, "member", { prefix: "redirect" });
    // Leaving the site, the browser would fail to resolve evil.example and goto would throw.
    await page.goto("/auth?redirectTo=%2F%09%2Fevil.example");
    await expect(page).toHaveURL((url) => url.origin === new URL(baseURL!).origin);
  });
});

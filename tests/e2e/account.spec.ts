import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { PASSWORD, linkFromMail, mailboxFor, submitLogin, uniqueEmail } from "./support/accounts";
import { signIn, secondSession } from "./support/fixtures";

test.describe("/account", () => {
  test("anonymous visitors are sent to log in first", async ({ page }) => {
    await page.goto("/account");
    await expect(page).toHaveURL("/auth?step=login&redirectTo=%2Faccount");
  });

  test("edit the profile, upload an image, and see it in the header and drawer", async ({ page }) => {
    await signIn(page, "member", { prefix: "profile" });
    await page.goto("/account");
    await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
    const profile = page.getByTestId("account-profile");

    await profile.getByLabel("Handle").fill("no spaces allowed");
    await profile.getByLabel("Display name").focus();
    await expect(profile.getByTestId("error-handle")).toHaveText("Use only lowercase letters, numbers, dots and underscores");
    const handle = `t${Date.now().toString(36)}`;
    await profile.getByLabel("Handle").fill(handle);
    await profile.getByLabel("Display name").fill("Tess Tester");
    await profile.getByLabel("Bio").fill("I map bakeries.");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Your profile has been saved")).toBeVisible();

    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#228855" } })
      .png()
      .toBuffer();
    await profile.getByLabel("Profile image").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
    await profile.getByRole("button", { name: "Upload image" }).click();
    await expect(page.getByText("Your profile image has been updated")).toBeVisible();

    await profile.getByLabel("Profile image").setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") });
    await profile.getByRole("button", { name: "Upload image" }).click();
    await expect(profile.getByTestId("error-avatar")).toHaveText("Upload a PNG, JPEG, GIF or WebP image");

    await page.reload();
    await expect(page.getByTestId("account-profile").getByLabel("Handle")).toHaveValue(handle);
    const headerImage = page.getByTestId("profile-button").locator("img");
    await expect(headerImage).toHaveAttribute("src", /^\/uploads\/avatars\/.+-90\.webp$/);
    const src = await headerImage.getAttribute("src");
    const image = await page.request.get(src!);
    expect(image.headers()["content-type"]).toBe("image/webp");
    // The header shows the 90 px variant (spec section 2), not the 400 px original.
    expect((await sharp(await image.body()).metadata()).width).toBe(90);

    await page.getByTestId("profile-button").click();
    await expect(page.getByTestId("drawer-handle")).toHaveText(`@${handle}`);
  });

  test("a handle someone else has is refused", async ({ page, baseURL, browser }) => {
    const taken = `taken${Date.now().toString(36)}`;
    await signIn(page, "member", { prefix: "first" });
    await page.goto("/account");
    await page.getByTestId("account-profile").getByLabel("Handle").fill(taken);
    await page.getByTestId("account-profile").getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Your profile has been saved")).toBeVisible();

    const other = await browser.newPage({ baseURL });
    await signIn(other, "member", { prefix: "second" });
    await other.goto("/account");
    await other.getByTestId("account-profile").getByLabel("Handle").fill(taken.toUpperCase());
    await other.getByTestId("account-profile").getByRole("button", { name: "Save profile" }).click();
    await expect(other.getByTestId("error-handle")).toHaveText("This handle is already taken");
    await other.close();
  });

  test("change the password, sign out other sessions, change the email by link", async ({ page, baseURL, browser }) => {
    const { email } = await signIn(page, "member", { prefix: "creds" });
    // A second session elsewhere.
    const elsewhere = await secondSession(browser, baseURL!, email);

    await page.goto("/account");
    const password = page.getByTestId("account-password");
    await password.getByLabel("Current password").fill("not my password");
    await password.getByLabel("New password", { exact: true }).fill("a new password 1");
    await password.getByLabel("Confirm new password").fill("a new password 1");
    await password.getByRole("button", { name: "Change password" }).click();
    await expect(password.getByTestId("error-currentPassword")).toHaveText("Your current password is not correct");
    await password.getByLabel("Current password").fill(PASSWORD);
    await password.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your password has been changed. Other sessions have been signed out.")).toBeVisible();

    // This browser stays signed in; the other session is gone.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
    await elsewhere.reload();
    await expect(elsewhere.getByRole("link", { name: "Login" })).toBeVisible();
    await elsewhere.close();

    const newEmail = uniqueEmail("moved");
    const emailSection = page.getByTestId("account-email");
    await emailSection.getByLabel("New email address").fill("broken");
    await emailSection.getByRole("button", { name: "Change email" }).click();
    await expect(emailSection.getByTestId("error-email")).toHaveText("Please enter a valid email address");
    await emailSection.getByLabel("New email address").fill(newEmail);
    await emailSection.getByRole("button", { name: "Change email" }).click();
    await expect(emailSection.getByRole("alert").filter({ hasText: "We sent a confirmation link" })).toBeVisible();
    await page.goto(await linkFromMail(page.request, newEmail, "/api/auth/verify-email"));
    await expect(page).toHaveURL(/\/account\?email=changed/);
    await expect(page.getByText(`Your email address is now ${newEmail}.`)).toBeVisible();
  });

  test("sign out of other sessions keeps this one", async ({ page, baseURL, browser }) => {
    const { email } = await signIn(page, "member", { prefix: "sessions" });
    const elsewhere = await secondSession(browser, baseURL!, email);

    await page.goto("/account");
    await page.getByRole("button", { name: "Sign out of other sessions" }).click();
    await expect(page.getByText("You have been signed out everywhere else")).toBeVisible();
    await elsewhere.reload();
    await expect(elsewhere.getByRole("link", { name: "Login" })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("profile-button")).toBeVisible();
    await elsewhere.close();
  });

  test("delete the account after confirming", async ({ page, baseURL }) => {
    const { email } = await signIn(page, "member", { prefix: "leaver" });
    // A mail to the account first (a password reset link), so there is some to remove.
    expect((await page.request.post("/forgot-password", { headers: { Origin: baseURL! }, form: { email } })).status()).toBe(200);
    await linkFromMail(page.request, email, "/api/auth/reset-password/");
    await page.goto("/account");
    await page.getByRole("button", { name: "Delete account..." }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByLabel("Type DELETE to confirm").fill("delete");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(dialog.getByTestId("error-confirm")).toHaveText("Type DELETE to confirm");
    await dialog.getByLabel("Type DELETE to confirm").fill("DELETE");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL("/?account=deleted");
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();

    // The account is gone: its password no longer works, and its mail was removed.
    await submitLogin(page, email);
    await expect(page.getByRole("alert")).toHaveText("Login failed. Check your email and password and try again.");
    expect(await mailboxFor(page.request, email)).toHaveLength(0);
  });
});

test.describe("sessions and their tokens (issue 16, item 13)", () => {
  test("no script on the site can read a session token; /account lists sessions and signs one out by id", async ({ page, baseURL, browser }) => {
    const { email, password } = await signIn(page, "member", { prefix: "sessions" });
    const otherPage = await secondSession(browser, baseURL!, email, password);
    const other = otherPage.context();
    await page.goto("/");

    // What a script running in the page could fetch with the user's cookie.
    const answers = await page.evaluate(async () =>
      Promise.all(
        ["/api/auth/list-sessions", "/api/auth/get-session"].map(async (path) => {
          const response = await fetch(path, { credentials: "include" });
          return { path, status: response.status, body: await response.text() };
        }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status, answer.path).toBe(404);
      expect(answer.body).not.toContain("token");
    }
    // The account page's data carries session ids, not tokens.
    const accountData = await page.evaluate(async () => (await fetch("/account.data", { credentials: "include" })).text());
    expect(accountData).not.toMatch(/"token"/);

    await page.goto("/account");
    const sessions = page.getByTestId("account-session");
    await expect(sessions).toHaveCount(2);
    await expect(sessions.filter({ hasText: "This device" })).toHaveCount(1);
    await sessions.filter({ hasNotText: "This device" }).getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByText("That session has been signed out")).toBeVisible();
    await expect(sessions).toHaveCount(1);

    // The other browser is signed out; this one is not.
    await otherPage.goto("/account");
    await expect(otherPage).toHaveURL(/\/auth\?step=login/);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
    await other.close();
  });
});

test.describe("avatars", () => {
  test("the header and the drawer load the 90 px variant of an uploaded image", async ({ page }) => {
    await signIn(page, "member", { prefix: "avatar" });
    await page.goto("/account");
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#cc5522" } })
      .png()
      .toBuffer();
    const profile = page.getByTestId("account-profile");
    await profile.getByLabel("Profile image").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
    await profile.getByRole("button", { name: "Upload image" }).click();
    await expect(page.getByText("Your profile image has been updated")).toBeVisible();

    const requested: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "image") requested.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    const headerImage = page.getByTestId("profile-button").locator("img");
    await expect(headerImage).toHaveJSProperty("complete", true);
    expect(await headerImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(90);
    const src = (await headerImage.getAttribute("src"))!;
    expect(requested).toContain(src);
    expect(requested.filter((p) => p.startsWith("/uploads/avatars/") && p !== src)).toEqual([]);
    const image = await page.request.get(src);
    expect(image.headers()["content-type"]).toBe("image/webp");
    expect(await sharp(await image.body()).metadata()).toMatchObject({ width: 90, height: 90 });

    await page.getByTestId("profile-button").click();
    const drawerImage = page.getByTestId("account-drawer").locator("img").first();
    await expect(drawerImage).toHaveAttribute("src", src);
  });
});

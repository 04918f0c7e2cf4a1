import { expect, test, type Page } from "@playwright/test";
import { linkFromMail, uniqueEmail } from "./support/accounts";
import { PREMIUM_SPOT, payWith, pricingDialog } from "./support/checkout";
import { type Server, startServer } from "./support/server";
import { hydrated } from "./support/hydration";

// The links of signing in (issue 15, items 1, 4, 7 and 13): social sign-in, password links, the magic link.

/**
 * Social sign-in needs a server with a provider configured, and the main test server has none
 * (auth.spec.ts checks the buttons are hidden then): this one has fake Google keys. Nothing
 * reaches Google: the browser's requests to it are answered here.
 */
const GOOGLE_CLIENT_ID = "e2e-fake-client.apps.googleusercontent.com";
let social: Server | undefined;
/** The social test server's address (http://localhost:{port}), once started. */
const socialOrigin = () => social!.origin;

/** Answers the browser's visit to Google's authorization endpoint and records the URL it asked for. */
async function stubGoogle(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route("https://accounts.google.com/**", (route) => {
    asked.push(route.request().url());
    return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Sign in - Google Accounts</title><p>stub</p>" });
  });
  return asked;
}

function expectOurAuthorizationRequest(url: string | undefined) {
  expect(url, "the browser asked Google to authorize").toBeTruthy();
  const asked = new URL(url!);
  expect(asked.origin + asked.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
  expect(asked.searchParams.get("client_id")).toBe(GOOGLE_CLIENT_ID);
  expect(asked.searchParams.get("redirect_uri")).toBe(`${socialOrigin()}/api/auth/callback/google`);
  expect(asked.searchParams.get("response_type")).toBe("code");
  expect(asked.searchParams.get("state")).toBeTruthy();
}

test.describe("social sign-in under the page's CSP", () => {
  test.describe.configure({ mode: "serial", timeout: 150_000 });

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    social = await startServer({ LOG_LEVEL: "warn", SEED_DEMO: "off", GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: "e2e-fake-secret" });
    await social.ready(120_000);
  });

  test.afterAll(async () => {
    await social?.stop();
  });

  test("Continue with Google on the login page takes the browser to Google with our client id", async ({ page }) => {
    const asked = await stubGoogle(page);
    await page.goto(`${socialOrigin()}/auth?step=login`);
    await hydrated(page);
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/^https:\/\/accounts\.google\.com\//);
    expectOurAuthorizationRequest(asked[0]);
  });

  test("Continue with Google in the sign-up dialog does the same", async ({ page }) => {
    const asked = await stubGoogle(page);
    await page.goto(`${socialOrigin()}/info/copyright`);
    await hydrated(page);
    await page.getByRole("link", { name: "Sign up for free" }).click();
    const dialog = page.getByRole("dialog", { name: "Join Spotfolio" });
    await dialog.getByRole("button", { name: "Continue with Google" }).click();
    await expect(page).toHaveURL(/^https:\/\/accounts\.google\.com\//);
    expectOurAuthorizationRequest(asked[0]);
  });

  test("without JavaScript the button still leads to Google", async ({ browser, storageState }) => {
    const context = await browser.newContext({ baseURL: socialOrigin(), javaScriptEnabled: false, storageState });
    const page = await context.newPage();
    const asked = await stubGoogle(page);
    await page.goto("/auth?step=login");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    // The answer to the post is a link to the provider (a redirect would be blocked by form-action).
    const onward = page.getByRole("link", { name: "Continue to Google" });
    await expect(onward).toBeVisible();
    await onward.click();
    await expect(page).toHaveURL(/^https:\/\/accounts\.google\.com\//);
    expectOurAuthorizationRequest(asked[0]);
    await context.close();
  });
});

test.describe("password links", () => {
  test("a reset link that does not exist says so instead of showing the form", async ({ page }) => {
    await page.goto("/reset-password?token=bogus");
    await expect(page.getByRole("alert")).toHaveText("This reset link is invalid or has expired. Please ask for a new one.");
    await expect(page.getByLabel("New password")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Send me a new link" })).toBeVisible();
  });

  test("a new buyer's invitation asks to set a password, not to choose a new one", async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    await page.goto(PREMIUM_SPOT);
    await hydrated(page);
    await page.getByTestId("unlock-button").click();
    const dialog = pricingDialog(page);
    await dialog.getByTestId("plan-premium").getByRole("button", { name: "Go Premium" }).click();
    const email = uniqueEmail("invited");
    await dialog.getByLabel("Create an account").fill(email);
    await dialog.getByLabel("I have read and accept the privacy policy").check();
    await payWith(page, "4242 4242 4242 4242");
    await expect(page).toHaveURL(`${PREMIUM_SPOT}?payment=success&tier=premium`);

    const link = await linkFromMail(page.request, email, "/api/auth/reset-password/");
    const invited = await browser.newPage({ baseURL });
    await invited.goto(link);
    // The link carries the page they paid on, for after the password is set (checkout-first-hour.spec.ts).
    await expect(invited).toHaveURL(/\/reset-password\?next=.*&token=/);
    await expect(invited.getByRole("heading", { level: 1 })).toHaveText("Set your password");
    await expect(invited).toHaveTitle("Set your password");
    await expect(invited.getByLabel("Choose a password")).toBeVisible();
    await expect(invited.getByLabel("New password")).toHaveCount(0);
    await invited.close();
  });
});

test.describe("magic link failure", () => {
  test("the form's alert says the link was not sent, then why", async ({ page, baseURL }) => {
    const email = uniqueEmail("magic-limit");
    // Five requests an hour per address; the sixth is refused.
    for (let i = 0; i < 5; i++) {
      const response = await page.request.post("/auth", { headers: { Origin: baseURL! }, form: { intent: "magiclink", mode: "page", email } });
      expect(response.status()).toBe(200);
    }
    await page.goto("/auth?step=magiclink");
    await hydrated(page);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send magic link" }).click();
    await expect(page.getByTestId("auth-magiclink").getByRole("alert")).toHaveText(
      /^Failed to send magic link\. Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );
  });
});

/**
 * Issue 28, what a buyer trips over in their first hour (items 13, 14 and 15): the invitation after
 * an anonymous purchase sets a first password and lands the buyer, signed in, where they paid; the
 * anonymous checkout asks for the privacy policy as sign-up does; the card form takes a number and
 * an expiry as people type them.
 */
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { linkFromMail, mailboxFor, uniqueEmail } from "./support/accounts";
import { pricingDialog } from "./support/checkout";
import { makeAccount, signIn } from "./support/fixtures";
import { hydrated } from "./support/hydration";

const PRIVACY = "I have read and accept the privacy policy";

/** A published creator of their own with one map whose second spot is Premium: that spot's page and its address. */
async function premiumSpot(request: APIRequestContext, prefix: string) {
  const { maps } = await makeAccount(request, "creator", { prefix, gated: true, spots: 3 });
  const [map] = maps;
  const spot = map.spots[1];
  expect(spot.visibility).toBe("premium");
  return { path: `/maps/${map.slug}/spots/${spot.slug}`, address: "Test street 2, Ushuaia" };
}

/** Opens the locked spot's unlock dialog and chooses Premium. */
async function choosePremium(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByTestId("locked-spot")).toBeVisible();
  await page.getByTestId("unlock-button").click();
  const dialog = pricingDialog(page);
  await dialog.getByTestId("plan-premium").getByRole("button", { name: "Go Premium" }).click();
  await expect(dialog.getByTestId("card-form")).toBeVisible();
  return dialog;
}

test.describe("a buyer's first hour", () => {
  test.describe.configure({ timeout: 120_000 });

  test("item 13: the invitation sets a first password and lands the buyer, signed in, on the spot they paid on", async ({ page, request }) => {
    const spot = await premiumSpot(request, "invite-spot");
    const dialog = await choosePremium(page, spot.path);
    const email = uniqueEmail("first-password");
    await dialog.getByLabel("Create an account").fill(email);
    await dialog.getByLabel(PRIVACY).check();
    const form = dialog.getByTestId("card-form");
    await form.getByLabel("Card number").fill("4242 4242 4242 4242");
    await form.getByLabel("Expiry (MM/YY)").fill("12/40");
    await form.getByLabel("CVC").fill("123");
    await form.getByRole("button", { name: "Pay & Subscribe" }).click();
    await expect(page).toHaveURL(`${spot.path}?payment=success&tier=premium`);
    await page.getByRole("dialog", { name: "Thank you for becoming a Premium Member" }).getByRole("button", { name: "Continue" }).click();
    await expect(page.getByTestId("locked-spot")).toBeVisible();

    // The invitation, opened in the browser they paid in.
    const link = await linkFromMail(page.request, email, "/api/auth/reset-password/");
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Set your password" })).toBeVisible();
    // Nothing to replace: it is their first password.
    await expect(page.getByLabel("New password")).toHaveCount(0);
    await page.getByLabel("Choose a password").fill("my very first password");
    await page.getByLabel("Confirm password").fill("my very first password");
    await page.getByRole("button", { name: "Set password" }).click();

    // Signed in, on the spot they paid on (without the thank-you), which is open to them.
    await expect(page).toHaveURL(spot.path);
    await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Your password is set")).toBeVisible();
    await expect(page.getByText("Your password has been changed")).toHaveCount(0);
    await expect(page.getByTestId("profile-button")).toBeVisible();
    await expect(page.getByTestId("spot-address")).toHaveText(spot.address);
    // The header knows a Premium member: Premium is not offered again.
    await expect(page.getByTestId("get-premium")).toHaveCount(0);
    // The password is theirs from now on: the next visit stays signed in, and the link is spent.
    await page.reload();
    await expect(page.getByTestId("spot-address")).toHaveText(spot.address);
  });

  test("item 14: an anonymous checkout asks for the privacy policy, and without it creates nothing", async ({ page, request }) => {
    const spot = await premiumSpot(request, "privacy-spot");
    const dialog = await choosePremium(page, spot.path);
    const email = uniqueEmail("privacy");
    await dialog.getByLabel("Create an account").fill(email);
    // The same wording and link as sign-up.
    const privacy = dialog.getByLabel(PRIVACY);
    await expect(privacy).not.toBeChecked();
    await expect(dialog.getByRole("link", { name: "privacy policy" })).toHaveAttribute("href", "/info/privacy-policy");
    const form = dialog.getByTestId("card-form");
    await form.getByLabel("Card number").fill("4242 4242 4242 4242");
    await form.getByLabel("Expiry (MM/YY)").fill("12/40");
    await form.getByLabel("CVC").fill("123");
    await form.getByRole("button", { name: "Pay & Subscribe" }).click();
    await expect(dialog.getByTestId("error-privacy")).toHaveText("You must accept the privacy policy to continue");
    await expect(page).toHaveURL(spot.path);
    // No account, so no invitation.
    expect(await mailboxFor(page.request, email)).toEqual([]);

    // The server refuses it too, whatever the page does.
    const session = await page.request.post("/api/payments/create-checkout-session", {
      data: { type: "premium", creatorId: null, priceId: "local_premium_month", redirectUrl: spot.path },
    });
    const { clientSecret } = (await session.json()) as { clientSecret: string };
    const refused = await page.request.post("/api/payments/local/pay", {
      multipart: { clientSecret, email, cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ ok: false, error: "You must accept the privacy policy to continue", field: "privacy" });
    expect(await mailboxFor(page.request, email)).toEqual([]);

    await privacy.check();
    await expect(dialog.getByTestId("error-privacy")).toHaveCount(0);
    await form.getByRole("button", { name: "Pay & Subscribe" }).click();
    await expect(page).toHaveURL(`${spot.path}?payment=success&tier=premium`);
    await linkFromMail(page.request, email, "/api/auth/reset-password/");
  });

  test("item 15: the card form formats the number and the expiry as they are typed, and takes 1230", async ({ page, request }) => {
    const spot = await premiumSpot(request, "card-spot");
    await signIn(page, "member", { prefix: "card-typist" });
    const dialog = await choosePremium(page, spot.path);
    const form = dialog.getByTestId("card-form");
    const number = form.getByLabel("Card number");
    const expiry = form.getByLabel("Expiry (MM/YY)");

    await number.pressSequentially("4242424242424242");
    await expect(number).toHaveValue("4242 4242 4242 4242");
    await expiry.pressSequentially("1230");
    await expect(expiry).toHaveValue("12/30");
    // Backspace goes back over the slash as over any character.
    await expiry.press("Backspace");
    await expiry.press("Backspace");
    await expect(expiry).toHaveValue("12/");
    await expiry.press("Backspace");
    await expect(expiry).toHaveValue("12");
    await expiry.pressSequentially(" / 30");
    await expect(expiry).toHaveValue("12/30");
    // A number pasted with other spacing is regrouped.
    await number.fill("42424242 42424242");
    await expect(number).toHaveValue("4242 4242 4242 4242");
    await form.getByLabel("CVC").fill("123");
    await form.getByRole("button", { name: "Pay & Subscribe" }).click();
    await expect(page).toHaveURL(`${spot.path}?payment=success&tier=premium`);
  });

  test("item 15: the server takes the expiry and number as people type them", async ({ page, request }) => {
    const spot = await premiumSpot(request, "card-server");
    await signIn(page, "member", { prefix: "card-server" });
    const session = await page.request.post("/api/payments/create-checkout-session", {
      data: { type: "premium", creatorId: null, priceId: "local_premium_month", redirectUrl: spot.path },
    });
    const { clientSecret } = (await session.json()) as { clientSecret: string };
    const paid = await page.request.post("/api/payments/local/pay", {
      multipart: { clientSecret, cardNumber: "4242424242424242", expiry: "1230", cvc: "123", country: "ES" },
    });
    expect(await paid.json()).toEqual({ ok: true, redirectTo: `${spot.path}?payment=success&tier=premium` });
  });
});

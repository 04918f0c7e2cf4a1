import { expect, test, type Page } from "@playwright/test";
import { PREMIUM_ADDRESS, PREMIUM_SPOT, SUPPORTERS_ADDRESS, SUPPORTERS_SPOT, payWith, pricingDialog } from "./support/checkout";
import { linkFromMail, mailboxFor, PASSWORD, submitLogin, uniqueEmail } from "./support/accounts";
import { signIn } from "./support/fixtures";
import { hydrated } from "./support/hydration";

// The two purchases memberships.spec.ts does not walk: Premium bought anonymously (and by a
// registered visitor who logs in inside the checkout), and a signed-in member supporting a creator.
async function openUnlock(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByTestId("locked-spot")).toBeVisible();
  await page.getByTestId("unlock-button").click();
}

test.describe("more purchases with the local test provider", () => {
  test.describe.configure({ timeout: 180_000 });

  test("an anonymous visitor goes Premium from a locked spot: declined card, test card, invitation, unlocked", async ({ page, browser, baseURL }) => {
    await openUnlock(page, PREMIUM_SPOT);
    await expect(page.getByTestId("spot-address")).toHaveCount(0);
    const dialog = pricingDialog(page);
    await dialog.getByTestId("plan-premium").getByRole("button", { name: "Go Premium" }).click();
    await expect(dialog.getByRole("heading", { name: "Go Premium" })).toBeVisible();

    const email = uniqueEmail("anon-premium");
    await dialog.getByLabel("Create an account").fill(email);
    await dialog.getByLabel("I have read and accept the privacy policy").check();
    await payWith(page, "4000 0000 0000 0002");
    await expect(dialog.getByTestId("error-cardNumber")).toHaveText("Your card was declined.");
    // A declined card creates nothing: no account, no mail.
    expect(await mailboxFor(page.request, email)).toEqual([]);

    await payWith(page, "4242 4242 4242 4242");
    await expect(page).toHaveURL(`${PREMIUM_SPOT}?payment=success&tier=premium`);
    const thanks = page.getByRole("dialog", { name: "Thank you for becoming a Premium Member" });
    await expect(thanks.getByText(/invitation email.*check your spam folder/)).toBeVisible();
    await thanks.getByRole("button", { name: "Continue" }).click();
    // The buyer is not signed in by paying: the spot stays locked in this browser.
    await expect(page.getByTestId("locked-spot")).toBeVisible();

    const link = await linkFromMail(page.request, email, "/api/auth/reset-password/");
    const member = await browser.newPage({ baseURL });
    await member.goto(link);
    await member.getByLabel("Choose a password").fill("my premium password");
    await member.getByLabel("Confirm password").fill("my premium password");
    await member.getByRole("button", { name: "Set password" }).click();
    // Setting it signs them in, on the spot they paid on, unlocked.
    await expect(member).toHaveURL(PREMIUM_SPOT);
    await expect(member.getByTestId("profile-button")).toBeVisible();
    await expect(member.getByTestId("spot-address")).toHaveText(PREMIUM_ADDRESS);
    // The password works for the next login too.
    await member.context().clearCookies();
    await submitLogin(member, email, "my premium password");
    await expect(member.getByTestId("profile-button")).toBeVisible();
    // Premium is not Supporter: the supporters-only spot stays locked.
    await openUnlock(member, SUPPORTERS_SPOT);
    await expect(pricingDialog(member).getByRole("button", { name: "Already a Premium Member" })).toBeDisabled();
    await member.close();
  });

  test("a registered visitor logs in inside the checkout and pays as themselves", async ({ page, browser, baseURL }) => {
    const setup = await browser.newPage({ baseURL });
    const { email } = await signIn(setup, "member", { prefix: "returning" });
    await setup.close();

    await openUnlock(page, PREMIUM_SPOT);
    const dialog = pricingDialog(page);
    await dialog.getByTestId("plan-premium").getByRole("button", { name: "Go Premium" }).click();
    await dialog.getByRole("button", { name: "Already registered? Click here to login" }).click();
    const login = dialog.getByTestId("checkout-login");
    await login.getByLabel("Email").fill(email);
    await login.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await login.getByRole("button", { name: "Log in" }).click();

    // Back at the card form, signed in: no email to give, and the purchase is theirs.
    await expect(dialog.getByTestId("card-form")).toBeVisible();
    await expect(dialog.getByLabel("Create an account")).toHaveCount(0);
    await payWith(page, "4242 4242 4242 4242");
    const thanks = page.getByRole("dialog", { name: "Thank you for becoming a Premium Member" });
    await expect(thanks.getByText("Everything for Premium members is now open to you")).toBeVisible();
    await thanks.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByTestId("spot-address")).toHaveText(PREMIUM_ADDRESS);
    // No invitation: the account existed.
    expect((await mailboxFor(page.request, email)).map((m) => m.subject)).not.toContain("Welcome to Spotfolio: set your password");
  });

  test("a signed-in member supports a creator from a supporters-only spot, then cancels", async ({ page }) => {
    await signIn(page, "member", { prefix: "supporter-in" });
    await openUnlock(page, SUPPORTERS_SPOT);
    const dialog = pricingDialog(page);
    const supporter = dialog.getByTestId("plan-supporter");
    await expect(supporter.getByTestId("plan-price")).toHaveText("€10 a month");
    await supporter.getByRole("button", { name: "Support @lucia_ferrer" }).click();
    await expect(dialog.getByRole("heading", { name: "Support @lucia_ferrer" })).toBeVisible();
    await expect(dialog.getByLabel("Create an account")).toHaveCount(0);
    await payWith(page, "4000 0000 0000 0002");
    await expect(dialog.getByTestId("error-cardNumber")).toHaveText("Your card was declined.");
    await expect(page.getByTestId("spot-address")).toHaveCount(0);

    await payWith(page, "4242 4242 4242 4242");
    await expect(page).toHaveURL(`${SUPPORTERS_SPOT}?payment=success&tier=supporter`);
    const thanks = page.getByRole("dialog", { name: "Thank you for becoming a Supporter" });
    await expect(thanks.getByText("Everything for supporters is now open to you, Premium spots included.")).toBeVisible();
    await thanks.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByTestId("spot-address")).toHaveText(SUPPORTERS_ADDRESS);
    await page.goto(PREMIUM_SPOT);
    await expect(page.getByTestId("spot-address")).toHaveText(PREMIUM_ADDRESS);

    // Supporting counts as Premium (the header offers no Premium); supporting the same creator twice is not on offer.
    await expect(page.getByTestId("get-premium")).toHaveCount(0);
    await page.getByTestId("profile-button").click();
    const drawer = page.getByTestId("account-drawer");
    await expect(drawer.getByTestId("drawer-supporting").getByRole("link")).toHaveAttribute("href", "/@lucia_ferrer");

    await page.goto("/account");
    const membership = page.getByTestId("membership");
    await expect(membership).toContainText("Supporter of");
    await expect(membership.getByTestId("membership-next-charge")).toContainText("€10 on");
    await membership.getByRole("button", { name: "Cancel membership" }).click();
    await expect(membership.getByTestId("membership-ends")).toContainText("(no further charge)");
    // Cancelled at period end: still a supporter until then.
    await page.goto(SUPPORTERS_SPOT);
    await expect(page.getByTestId("spot-address")).toHaveText(SUPPORTERS_ADDRESS);
  });
});

import { expect, test } from "@playwright/test";
import { PREMIUM_SPOT, SUPPORTERS_SPOT, payWith, pricingDialog } from "./support/checkout";
import { linkFromMail, mailboxFor, uniqueEmail } from "./support/accounts";
import { signIn } from "./support/fixtures";
import { hydrated } from "./support/hydration";

// What the account and receipt pages print: UTC days, "23 November 2026".
const day = (d: Date) => new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(d);
const DAY_MS = 86_400_000;

test.describe("memberships with the local test provider", () => {
  // Each purchase walks plans, checkout, mail and several pages: longer than the default 30 s under CI load.
  test.describe.configure({ timeout: 120_000 });

  test("a signed-in member goes Premium: plans, a declined card, the test card, the thank-you, unlocked spots", async ({ page, browser, baseURL }) => {
    const { email } = await signIn(page, "member", { prefix: "premium" });
    const closedEvents: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/events")) closedEvents.push(r.postData() ?? "");
    });
    await page.goto(PREMIUM_SPOT);
    await expect(page.getByTestId("locked-spot")).toBeVisible();

    await page.getByTestId("get-premium").click();
    const dialog = pricingDialog(page);
    await expect(dialog.getByText("Membership plans")).toBeVisible();
    await expect(dialog.getByRole("radio", { name: "Monthly" })).toHaveAttribute("aria-checked", "true");
    const premium = dialog.getByTestId("plan-premium");
    await expect(premium.getByTestId("plan-price")).toHaveText("€5 a month");
    await expect(dialog.getByTestId("plan-supporter")).toHaveCount(0);
    await dialog.getByRole("radio", { name: "Yearly" }).click();
    await expect(premium.getByTestId("plan-price")).toHaveText("€48 a year");
    await expect(premium.getByTestId("plan-terms")).toHaveText("30-day free trial, then €48 a year, charged automatically. VAT included. Cancel any time.");
    await dialog.getByRole("radio", { name: "Monthly" }).click();
    await premium.getByRole("button", { name: "Go Premium" }).click();

    await expect(dialog.getByRole("heading", { name: "Go Premium" })).toBeVisible();
    await expect(dialog.getByText("Test mode — no real charge")).toBeVisible();
    await expect(dialog.getByLabel("Create an account")).toHaveCount(0);
    await payWith(page, "4000 0000 0000 0002");
    await expect(dialog.getByTestId("error-cardNumber")).toHaveText("Your card was declined.");

    // The server stamps the payment between this reading and the one on /account below.
    const payingFrom = new Date();
    await payWith(page, "4242 4242 4242 4242");
    await expect(page).toHaveURL(`${PREMIUM_SPOT}?payment=success&tier=premium`);
    const thanks = page.getByRole("dialog", { name: "Thank you for becoming a Premium Member" });
    await expect(thanks.getByText("Everything for Premium members is now open to you")).toBeVisible();
    // canvas-confetti draws on a canvas of its own, straight under <body>.
    await expect(page.locator("body > canvas")).toHaveCount(1);
    await thanks.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(PREMIUM_SPOT);
    // Buying is not "closing the pricing dialog".
    expect(closedEvents).toEqual([]);

    // Unlocked at once, on this page and after a reload.
    await expect(page.getByTestId("locked-spot")).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("spot-address")).toHaveText("Carrer de la Unió 17, 08001 Barcelona");

    // Premium again is not on offer: not in the header, nor among the plans a locked spot opens.
    await expect(page.getByTestId("get-premium")).toHaveCount(0);
    await page.goto(SUPPORTERS_SPOT);
    await hydrated(page);
    await page.getByTestId("unlock-button").click();
    await expect(pricingDialog(page).getByRole("button", { name: "Already a Premium Member" })).toBeDisabled();
    await page.keyboard.press("Escape");
    // Opened by the supporters-only spot, the plans name its creator.
    await expect.poll(() => closedEvents).toEqual([`type=pricing_dialog_closed&properties=${encodeURIComponent(JSON.stringify({ creator: "lucia_ferrer" }))}`]);

    // The trial's €0 receipt, listed on the account page and printable on its own page.
    await page.goto("/account");
    const payingTo = new Date();
    const receipt = page.getByTestId("account-receipts").getByTestId("receipt");
    await expect(receipt).toHaveCount(1);
    await expect(receipt.getByTestId("receipt-description")).toHaveText("Premium · monthly");
    await expect(receipt.getByTestId("receipt-amount")).toHaveText("€0");
    // Either day when the payment straddled midnight UTC; the period then starts on the day shown.
    const shownDay = await receipt.getByTestId("receipt-date").textContent();
    expect([day(payingFrom), day(payingTo)]).toContain(shownDay);
    const trialStart = shownDay === day(payingFrom) ? payingFrom : payingTo;
    await expect(receipt.getByTestId("receipt-period")).toHaveText(` · for ${day(trialStart)} – ${day(new Date(trialStart.getTime() + 30 * DAY_MS))}`);
    await expect(receipt.getByTestId("receipt-status")).toHaveText("Paid");
    await expect(receipt.getByText("Test mode — no real charge")).toBeVisible();
    await receipt.getByRole("link", { name: "Receipt" }).click();
    await expect(page).toHaveURL(/\/account\/receipts\/[0-9a-f-]{36}$/);
    const receiptPath = new URL(page.url()).pathname;
    const printable = page.getByTestId("receipt-page");
    await expect(printable.getByRole("heading", { name: "Receipt" })).toBeVisible();
    await expect(printable.getByTestId("receipt-number")).toContainText(receiptPath.split("/").at(-1)!);
    await expect(printable).toContainText("Spotfolio Maps S.L.");
    await expect(printable.getByText(email)).toBeVisible();
    await expect(printable).toContainText("Spotfolio Premium · monthly");
    await expect(printable.getByTestId("receipt-total")).toHaveText("€0 VAT included");
    await expect(printable.getByText("Test mode — no real charge")).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

    // Nobody else sees it: another member, an unknown or malformed id all get the 404 page; a visitor is asked to log in.
    const stranger = await browser.newPage({ baseURL });
    await signIn(stranger, "member", { prefix: "stranger" });
    expect((await stranger.goto(receiptPath))?.status()).toBe(404);
    await expect(stranger.getByTestId("receipt-page")).toHaveCount(0);
    await expect(stranger.getByText(email)).toHaveCount(0);
    expect((await stranger.goto("/account/receipts/00000000-0000-4000-8000-000000000000"))?.status()).toBe(404);
    expect((await stranger.goto("/account/receipts/not-a-receipt"))?.status()).toBe(404);
    await stranger.close();
    const visitor = await browser.newPage({ baseURL });
    await visitor.goto(receiptPath);
    await expect(visitor).toHaveURL(/\/auth/);
    await visitor.close();

    // The account shows the trial and the next charge; cancelling keeps access to the end of the period.
    await page.goto("/account");
    const membership = page.getByTestId("membership");
    await expect(membership).toContainText("Premium");
    await expect(membership).toContainText("Free trial until");
    await expect(membership.getByTestId("membership-next-charge")).toContainText("€5 on");
    await membership.getByRole("button", { name: "Cancel membership" }).click();
    await expect(membership.getByTestId("membership-ends")).toContainText("(no further charge)");
    await membership.getByRole("button", { name: "Resume membership" }).click();
    await expect(membership.getByTestId("membership-next-charge")).toBeVisible();
    await membership.getByRole("button", { name: "Switch to yearly billing" }).click();
    await expect(membership).toContainText("€48 a year");
    await membership.getByRole("button", { name: "Cancel membership" }).click();
    await expect(membership.getByTestId("membership-ends")).toBeVisible();
    await page.goto(PREMIUM_SPOT);
    await expect(page.getByTestId("spot-address")).toBeVisible();

    // Supporters-only spots stay locked for a Premium member; supporting the creator is offered.
    await page.goto(SUPPORTERS_SPOT);
    await expect(page.getByTestId("locked-spot")).toBeVisible();
    await page.getByTestId("unlock-button").click();
    await expect(pricingDialog(page).getByTestId("plan-supporter")).toContainText("€10 a month");
  });

  test("an anonymous visitor supports a creator: email checks, the login swap, the invitation, and the spots unlock", async ({ page, browser, baseURL }) => {
    await page.goto("/@lucia_ferrer");
    await hydrated(page);
    await page.getByTestId("support-button").click();
    const dialog = pricingDialog(page);
    await expect(dialog.getByTestId("plan-premium")).toBeVisible();
    const supporter = dialog.getByTestId("plan-supporter");
    await expect(supporter.getByTestId("plan-price")).toHaveText("€10 a month");
    await dialog.getByRole("radio", { name: "Yearly" }).click();
    await expect(supporter.getByTestId("plan-price")).toHaveText("€100 a year");
    await supporter.getByRole("button", { name: "Support @lucia_ferrer" }).click();

    await expect(dialog.getByRole("heading", { name: "Support @lucia_ferrer" })).toBeVisible();
    await dialog.getByRole("button", { name: "Pay & Subscribe" }).click();
    await expect(dialog.getByTestId("error-email")).toHaveText("Your Email is required");
    await dialog.getByLabel("Create an account").fill("not-an-email");
    await dialog.getByRole("button", { name: "Pay & Subscribe" }).click();
    await expect(dialog.getByTestId("error-email")).toHaveText("Please enter a valid email address");

    await dialog.getByRole("button", { name: "Already registered? Click here to login" }).click();
    await expect(dialog.getByText("Login to continue, or click back to payment to create an account")).toBeVisible();
    await dialog.getByRole("button", { name: "Back to payment" }).click();

    const email = uniqueEmail("supporter");
    await dialog.getByLabel("Create an account").fill(email);
    await dialog.getByLabel("I have read and accept the privacy policy").check();
    await payWith(page, "4242 4242 4242 4242");
    await expect(page).toHaveURL("/@lucia_ferrer?payment=success&tier=supporter");
    const thanks = page.getByRole("dialog", { name: "Thank you for becoming a Supporter" });
    await expect(thanks.getByText(/invitation email.*check your spam folder/)).toBeVisible();

    // The invitation sets a password; the new account then sees the supporters-only spot.
    // Paying sends the invitation and the receipt, in either order.
    await expect
      .poll(async () => (await mailboxFor(page.request, email)).map((m) => m.subject))
      .toEqual(expect.arrayContaining(["Welcome to Spotfolio: set your password", "You are now supporting Lucía Ferrer on Spotfolio"]));
    const link = await linkFromMail(page.request, email, "/api/auth/reset-password/");
    const member = await browser.newPage({ baseURL });
    await member.goto(link);
    await member.getByLabel("Choose a password").fill("my supporter password");
    await member.getByLabel("Confirm password").fill("my supporter password");
    await member.getByRole("button", { name: "Set password" }).click();
    // Signed in by setting it, back on the creator's page they paid on.
    await expect(member).toHaveURL("/@lucia_ferrer");
    await expect(member.getByTestId("profile-button")).toBeVisible();
    await member.goto(SUPPORTERS_SPOT);
    await expect(member.getByTestId("spot-address")).toHaveText("Carrer del Baluard 56, 08003 Barcelona");
    await member.goto(PREMIUM_SPOT);
    await expect(member.getByTestId("locked-spot")).toHaveCount(0);
    // A supporter counts as Premium (the header offers no Premium), and the drawer lists whom they support.
    await expect(member.getByTestId("get-premium")).toHaveCount(0);
    await member.getByTestId("profile-button").click();
    await expect(member.getByTestId("account-drawer").getByRole("link", { name: /lucia_ferrer|Lucía Ferrer/ })).toHaveAttribute("href", "/@lucia_ferrer");
    // Members reach their membership from the drawer rather than the plans.
    await expect(member.getByTestId("account-drawer").getByRole("link", { name: "Membership" })).toHaveAttribute("href", "/account#account-membership");
    await expect(member.getByTestId("account-drawer").getByRole("button", { name: "Get Premium" })).toHaveCount(0);
    await member.close();
  });
});

import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, linkFromMail, uniqueEmail } from "./support/accounts";
import { signIn } from "./support/fixtures";

// The spec's and the server's messages, exact.
const NEED_FILE_OR_LINK = "You need to provide a file or a shared google map link (https://maps.app.goo.gl/1234)";
const NOT_A_PDF = "The file must be a PDF document";

/** A tiny, valid one-page PDF (header, objects, cross-reference table, trailer). */
function tinyPdf(): Buffer {
  const objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>"];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** A PNG's signature and header: an image, whatever its name says. */
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);

const onboarding = (page: Page) => page.getByRole("dialog", { name: "Become a creator" });
const authDialog = (page: Page) => page.getByRole("dialog", { name: "Join Spotfolio" });

async function openApplyPage(page: Page, path = "/creators/apply") {
  await page.goto(path);
  await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
}

async function acceptTerms(page: Page) {
  const dialog = onboarding(page);
  await expect(dialog.getByTestId("onboarding-terms")).toBeVisible();
  await dialog.getByLabel("I accept the Creator Terms").check();
  await dialog.getByLabel("I accept the Copyright Policy").check();
  await dialog.getByLabel("I accept the Creator Compensation terms").check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByTestId("onboarding-complete")).toBeVisible();
}

test.describe("becoming a creator", () => {
  test("the page explains the programme in the blank layout, with real example maps", async ({ page }) => {
    await openApplyPage(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("apply-bar")).toBeVisible();
    // Blank layout: no site header or footer.
    await expect(page.getByRole("link", { name: "Sign up for free" })).toHaveCount(0);
    await expect(page.locator("footer")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "At least 30 spots" })).toBeVisible();
    await expect(page.getByTestId("apply-compensation")).toContainText("70% of the net revenue from your Supporters");
    await expect(page.getByTestId("apply-compensation")).toContainText("EUR 50");
    await expect(page.getByRole("link", { name: "Read the Creator Compensation terms" })).toHaveAttribute("href", "/info/creator-compensation");
    await expect(page.getByTestId("map-cards").locator("li").first()).toBeVisible();
    await expect(page.getByTestId("apply-faq")).toContainText("How long does the review take?");
  });

  test("an anonymous visitor signs up as a creator, verifies by email, sends a PDF and accepts the terms", async ({ page }) => {
    await openApplyPage(page);
    await page.getByRole("button", { name: "Apply" }).first().click();
    const auth = authDialog(page);
    await expect(auth.getByRole("heading", { name: "Create your creator account" })).toBeVisible();
    const email = uniqueEmail("applicant");
    await auth.getByLabel("Email").fill(email);
    await auth.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await auth.getByLabel("Confirm password").fill(PASSWORD);
    await auth.getByLabel("I have read and accept the").check();
    await auth.getByRole("button", { name: "Sign up" }).click();
    await expect(auth.getByTestId("check-email")).toBeVisible();

    // The emailed link verifies the address and lands on /creators/apply with onboarding open.
    await page.goto(await linkFromMail(page.request, email, "/api/auth/verify-email"));
    await expect(page).toHaveURL(/\/creators\/apply/);
    const dialog = onboarding(page);
    await expect(dialog.getByTestId("onboarding-intro")).toBeVisible();
    await expect(dialog.getByTestId("onboarding-progress")).toHaveText("Step 1 of 4: Intro");
    await dialog.getByRole("button", { name: "Next" }).click();

    // Upload: nothing, then an image renamed .pdf, then a real PDF.
    await expect(dialog.getByTestId("onboarding-upload")).toBeVisible();
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.getByTestId("error-url")).toHaveText(NEED_FILE_OR_LINK);
    await dialog.getByLabel("Map as a PDF").setInputFiles({ name: "my-map.pdf", mimeType: "application/pdf", buffer: PNG });
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(NOT_A_PDF);
    await expect(dialog.getByTestId("onboarding-upload")).toBeVisible();
    await dialog.getByLabel("Map as a PDF").setInputFiles({ name: "my-map.pdf", mimeType: "application/pdf", buffer: tinyPdf() });
    await expect(dialog.getByTestId("application-dropzone")).toContainText("my-map.pdf");
    await dialog.getByRole("button", { name: "Next" }).click();

    // Terms: all three are required; Back keeps the sent application.
    await expect(dialog.getByTestId("onboarding-terms")).toBeVisible();
    await expect(dialog.getByRole("link", { name: "Creator Terms", exact: true })).toHaveAttribute("href", "/info/creator-terms");
    await expect(dialog.getByRole("link", { name: "Copyright Policy" })).toHaveAttribute("href", "/info/copyright");
    await expect(dialog.getByRole("link", { name: "Creator Compensation terms" })).toHaveAttribute("href", "/info/creator-compensation");
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.getByTestId("error-termsAccepted")).toBeVisible();
    await dialog.getByRole("button", { name: "Back" }).click();
    await expect(dialog.getByTestId("onboarding-upload")).toContainText("Your application has been sent");
    await dialog.getByRole("button", { name: "Next" }).click();
    await acceptTerms(page);
    await expect(dialog.getByTestId("onboarding-complete")).toContainText("A confirmation of your application is on its way to your inbox.");
    await dialog.getByRole("button", { name: "Start Exploring" }).click();
    await expect(page).toHaveURL("/explore");

    // /account: under review, then withdrawn.
    await page.goto("/account");
    const section = page.getByTestId("account-creator-application");
    await expect(section).toContainText("Application under review since");
    await section.getByRole("button", { name: "Withdraw" }).click();
    await expect(section.getByTestId("application-status")).toHaveAttribute("data-status", "withdrawn");
    await expect(section.getByRole("button", { name: "Withdraw" })).toHaveCount(0);
  });

  test("a signed-in user starts onboarding at once and can apply with a shared list link", async ({ page }) => {
    await signIn(page, "member", { prefix: "linker" });
    await openApplyPage(page);
    const dialog = onboarding(page);
    await expect(dialog.getByTestId("onboarding-intro")).toBeVisible();
    await dialog.getByRole("button", { name: "Next" }).click();
    const link = dialog.getByLabel("Shared Google Maps list link");
    await link.fill("javascript:alert(1)");
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.getByTestId("error-url")).toBeVisible();
    await link.fill("https://maps.app.goo.gl/AbCdEf123");
    await dialog.getByRole("button", { name: "Next" }).click();
    await acceptTerms(page);

    await page.goto("/account");
    await expect(page.getByTestId("account-creator-application")).toContainText("Application under review since");
  });

  test("Skip for now onboards without an application; the map can follow from /account", async ({ page }) => {
    await signIn(page, "member", { prefix: "skipper" });
    await openApplyPage(page);
    const dialog = onboarding(page);
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByRole("button", { name: "Skip for now" }).click();
    await acceptTerms(page);
    await expect(dialog.getByTestId("onboarding-complete")).not.toContainText("on its way to your inbox");

    // Onboarded already: the already-onboarded screen, Start Exploring to /explore.
    await openApplyPage(page);
    const already = page.getByRole("dialog", { name: "You are already onboarded" });
    await expect(already.getByTestId("onboarding-already")).toBeVisible();
    await already.getByRole("button", { name: "Start Exploring" }).click();
    await expect(page).toHaveURL("/explore");

    // The drawer leads an onboarded non-creator to the application; /account invites the map, through the same upload step.
    await page.getByTestId("profile-button").click();
    await page.getByTestId("account-drawer").getByRole("link", { name: "Creator application" }).click();
    await expect(page).toHaveURL("/account#account-creator-application");
    const section = page.getByTestId("account-creator-application");
    await expect(section).toContainText("You have not sent us your map yet.");
    await section.getByRole("button", { name: "Submit your map" }).click();
    const upload = page.getByRole("dialog", { name: "Submit your map" });
    await upload.getByRole("button", { name: "Send application" }).click();
    await expect(upload.getByTestId("error-url")).toHaveText(NEED_FILE_OR_LINK);
    await upload.getByLabel("Shared Google Maps list link").fill("https://maps.app.goo.gl/Later42");
    await upload.getByRole("button", { name: "Send application" }).click();
    await expect(section).toContainText("Application under review since");
  });

  test("a login in the creator auth dialog starts onboarding", async ({ page, browser, baseURL }) => {
    const other = await browser.newPage({ baseURL });
    const { email } = await signIn(other, "member", { prefix: "returning" });
    await other.close();

    await openApplyPage(page);
    await page.getByRole("button", { name: "Apply" }).first().click();
    const auth = authDialog(page);
    await auth.getByRole("button", { name: "Log in" }).click();
    await auth.getByLabel("Email").fill(email);
    await auth.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await auth.getByRole("button", { name: "Log in" }).click();
    await expect(onboarding(page).getByTestId("onboarding-intro")).toBeVisible();
  });

  test("closing onboarding that opened from /confirm goes to /explore", async ({ page }) => {
    await signIn(page, "member", { prefix: "closer" });
    await page.goto("/confirm?type=creator");
    await expect(page).toHaveURL(/\/creators\/apply\?from=confirm$/);
    await expect(page.locator("html[data-hydrated=true]")).toHaveCount(1);
    await expect(onboarding(page).getByTestId("onboarding-intro")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL("/explore");

    // Opened on the page itself, closing stays there.
    await openApplyPage(page);
    await expect(onboarding(page)).toBeVisible();
    await onboarding(page).getByRole("button", { name: "Close" }).click();
    await expect(onboarding(page)).toBeHidden();
    await expect(page).toHaveURL("/creators/apply");
  });
});

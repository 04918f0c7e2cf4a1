import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { linkFromMail, mailboxFor } from "./support/accounts";
import { signIn } from "./support/fixtures";

const LINK = "https://maps.app.goo.gl/e2eReviewMap";

/** Serious or critical accessibility violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
}

/** A tiny but real PDF document. */
function tinyPdf(): Buffer {
  return Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
      "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );
}

/** A reviewer of this test's own (an admin), signed in in a browser of their own. */
async function reviewer(browser: Browser, baseURL: string): Promise<Page> {
  // A context of its own (axe needs one), with the project's answered cookie banner.
  const context = await browser.newContext({ baseURL, storageState: test.info().project.use.storageState });
  await signIn(context, "admin", { prefix: "reviewer" });
  return context.newPage();
}

/** Apply through the real endpoint with the applicant's session, as the onboarding dialog does. */
async function apply(page: Page, baseURL: string, withPdf: boolean) {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = { url: LINK };
  if (withPdf) multipart.file = { name: "my-map.pdf", mimeType: "application/pdf", buffer: tinyPdf() };
  const response = await page.request.post("/api/creator-application", { headers: { Origin: baseURL }, multipart });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

/** The admin opens the applicant's application from the back office's overview. */
async function openApplication(admin: Page, applicantEmail: string) {
  await admin.goto("/admin");
  await admin.getByRole("link", { name: "Creator applications" }).click();
  await expect(admin.getByRole("heading", { name: "Creator applications", level: 1 })).toBeVisible();
  await admin.getByRole("link", { name: /^Pending/ }).click();
  await expect(admin.getByRole("link", { name: /^Pending/ })).toHaveAttribute("aria-current", "page");
  expect(await seriousViolations(admin)).toEqual([]);
  const row = admin.getByRole("row").filter({ hasText: applicantEmail });
  await expect(row).toContainText("Pending");
  await row.getByRole("link").first().click();
  await expect(admin.getByRole("heading", { name: /^Application from/, level: 1 })).toBeVisible();
  await expect(admin.getByTestId("applicant")).toContainText(applicantEmail);
}

test("an admin approves an application; the new creator chooses a handle and reaches the Studio", async ({ page, browser, baseURL }) => {
  const applicant = await signIn(page, "member", { prefix: "applicant" });
  await apply(page, baseURL!, true);

  const admin = await reviewer(browser, baseURL!);
  await openApplication(admin, applicant.email);
  // The link opens in a new tab, without a handle on this one.
  const link = admin.getByRole("link", { name: "Open the Google Maps list" });
  await expect(link).toHaveAttribute("href", LINK);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
  // The PDF is a download through a short-lived signed URL only an admin can open.
  const pdfUrl = await admin.getByTestId("application-pdf").getAttribute("href");
  expect(pdfUrl).toMatch(/signature=/);
  const asAdmin = await admin.request.get(pdfUrl!);
  expect(asAdmin.status()).toBe(200);
  expect(asAdmin.headers()["content-type"]).toContain("application/pdf");
  // A download with a policy of its own: sandboxed, framed by no one.
  expect(asAdmin.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect((await page.request.get(pdfUrl!)).status()).toBeGreaterThanOrEqual(400);

  expect(await seriousViolations(admin)).toEqual([]);

  await admin.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByText("is now a creator")).toBeVisible();
  await expect(admin.getByTestId("application-status").first()).toHaveText("Approved");
  await expect(admin.getByTestId("decision-history")).toContainText(`Approved by`);
  await expect(admin.getByRole("button", { name: "Approve" })).toHaveCount(0);

  // The welcome email points to the Studio.
  const studioLink = await linkFromMail(page.request, applicant.email, "/studio");
  expect(new URL(studioLink).pathname).toBe("/studio");

  // The handle form is in the page the server sends, and works without JavaScript (its code loads in the
  // browser only for a creator who needs it): a bad handle gets the server's message.
  const bare = await browser.newContext({ baseURL, storageState: await page.context().storageState(), javaScriptEnabled: false });
  const still = await bare.newPage();
  await still.goto("/studio");
  await expect(still.getByRole("heading", { name: "Choose your handle", level: 1 })).toBeVisible();
  await still.getByLabel("Handle").fill("Bad Handle!");
  await still.getByRole("button", { name: "Continue to the Studio" }).click();
  await expect(still.getByTestId("error-handle")).toHaveText("Use only lowercase letters, numbers, dots and underscores");
  await bare.close();

  // First Studio visit: choose a handle, with the account's rules.
  await page.goto("/studio");
  await expect(page.getByRole("heading", { name: "Choose your handle", level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const handle = `new.creator${Date.now().toString(36)}`;
  await page.getByLabel("Handle").fill("Bad Handle!");
  await page.getByRole("button", { name: "Continue to the Studio" }).click();
  await expect(page.getByTestId("error-handle")).toHaveText("Use only lowercase letters, numbers, dots and underscores");
  await page.getByLabel("Handle").fill(handle);
  await page.getByRole("button", { name: "Continue to the Studio" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: `/@${handle}` })).toBeVisible();

  // The drawer now has the Creator Studio entry.
  await page.goto("/info/copyright");
  await page.getByTestId("profile-button").click();
  await expect(page.getByTestId("account-drawer").getByRole("link", { name: "Creator Studio" })).toHaveAttribute("href", "/studio");
  await admin.context().close();
});

test("an admin rejects with a reason; the applicant reads it on /account and applies again", async ({ page, browser, baseURL }) => {
  const applicant = await signIn(page, "member", { prefix: "rejected" });
  await apply(page, baseURL!, false);

  const admin = await reviewer(browser, baseURL!);
  await openApplication(admin, applicant.email);
  await expect(admin.getByTestId("application-pdf")).toHaveCount(0);
  // The reason is required.
  await admin.getByRole("button", { name: "Reject" }).click();
  await expect(admin.getByTestId("error-reason")).toHaveText("Give the reason for the rejection: it is emailed to the applicant");
  const reason = "Your map has 12 spots; creators start with at least 30.";
  await admin.getByLabel(/Reason for rejecting/).fill(reason);
  await admin.getByRole("button", { name: "Reject" }).click();
  await expect(admin.getByText("was told why")).toBeVisible();
  await expect(admin.getByTestId("application-status").first()).toHaveText("Rejected");
  await expect(admin.getByTestId("decision-history")).toContainText(reason);

  // The email and /account both give the reason.
  await expect
    .poll(async () => (await mailboxFor(page.request, applicant.email)).find((m) => m.text.includes(reason))?.subject)
    .toContain("creator application");
  await page.goto("/account");
  const section = page.getByTestId("account-creator-application");
  await expect(section.getByTestId("application-reason")).toHaveText(reason);
  // Still not a creator.
  expect((await page.request.get("/studio")).status()).toBe(403);

  // Applying again works, and the admin sees the earlier decision beside the new application.
  await section.getByRole("button", { name: "Apply again" }).click();
  const upload = page.getByRole("dialog", { name: "Submit your map" });
  await upload.getByLabel("Shared Google Maps list link").fill("https://maps.app.goo.gl/SecondTry30");
  await upload.getByRole("button", { name: "Send application" }).click();
  await expect(section).toContainText("Application under review since");
  await openApplication(admin, applicant.email);
  await expect(admin.getByTestId("earlier-applications")).toContainText("Rejected");
  await expect(admin.getByTestId("earlier-applications")).toContainText(reason);
  await admin.context().close();
});

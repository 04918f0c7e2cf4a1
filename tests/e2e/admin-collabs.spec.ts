/**
 * Paid collaborations (issue 25 item 5): an admin proposes a brief to a creator; the creator, in a
 * browser of their own, finds it in the Studio and accepts it; the admin sees the answer, moves it
 * to in progress, the creator marks it delivered, and the admin marks it paid. The admin attaches a
 * PDF (a text file named .pdf is refused) that the creator downloads. The creator's mailbox holds an
 * email for the proposal and for each of the admin's moves; the admin's, one per creator answer.
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { mailboxFor } from "./support/accounts";
import { signedInContext, signIn } from "./support/fixtures";

test.describe("collaborations", () => {
  test.describe.configure({ timeout: 120_000 });

  test("an admin moves a brief from proposed to paid while the creator answers it in the Studio", async ({ page, browser, baseURL }) => {
    const id = randomUUID().slice(0, 6);
    const title = `Lisbon food guide ${id}`;
    const studio = await signedInContext(browser, baseURL!, "creator", { prefix: "collab-creator", spots: 3 });
    const creator = studio.account;
    const admin = await signIn(page, "admin", { prefix: "collab-admin" });

    // The admin proposes the brief; a bad fee is refused with a clear message first.
    await page.goto("/admin");
    await page.getByTestId("admin-nav").getByRole("link", { name: "Collaborations" }).click();
    await expect(page.getByRole("heading", { name: "Collaborations", level: 1 })).toBeVisible();
    await page.getByRole("link", { name: "New brief" }).click();
    const form = page.getByTestId("brief-form");
    await form.getByLabel("Creator (handle)").fill(`@${creator.handle}`);
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Destination (optional)").fill("Lisbon");
    await form.getByLabel("Fee (euros)").fill("12.345");
    await form.getByLabel("Due date").fill("2026-12-31");
    await form.getByRole("button", { name: "Propose the brief" }).click();
    await expect(page.getByTestId("error-fee")).toHaveText("Write the fee in euros, e.g. 1500 or 1500.50 (at most two decimals, not negative)");
    await page.getByTestId("brief-form").getByLabel("Fee (euros)").fill("1500.50");
    await page.getByTestId("brief-form").getByRole("button", { name: "Propose the brief" }).click();
    await expect(page.getByText("The brief was proposed: the creator was emailed")).toBeVisible();
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByTestId("brief-status").first()).toHaveText("Proposed");
    const briefUrl = new URL(page.url()).pathname;

    // A PDF attached (checked by its bytes on the server); a text file named .pdf is refused.
    const fileInput = page.getByLabel("Attach a PDF, JPEG or PNG (at most 10 MB)");
    await fileInput.setInputFiles({ name: "notes.pdf", mimeType: "application/pdf", buffer: Buffer.from("just text") });
    await page.getByRole("button", { name: "Attach", exact: true }).click();
    await expect(page.getByText("Attach a PDF, JPEG or PNG file", { exact: true })).toBeVisible();
    await page
      .getByLabel("Attach a PDF, JPEG or PNG (at most 10 MB)")
      .setInputFiles({ name: "brief.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7\n% brief\n") });
    await page.getByRole("button", { name: "Attach", exact: true }).click();
    await expect(page.getByText("The file was attached")).toBeVisible();
    await expect(page.getByRole("link", { name: "brief.pdf" })).toBeVisible();

    // On the board, in the Proposed column.
    await page.goto("/admin/creator-collab");
    await expect(page.getByTestId("column-proposed").getByRole("link", { name: title })).toBeVisible();

    // The creator finds it in the Studio and accepts it with a message.
    const creatorPage = studio.page;
    await creatorPage.goto("/studio");
    await creatorPage.getByRole("link", { name: "Collaborations" }).first().click();
    await expect(creatorPage).toHaveURL("/studio/collabs");
    await creatorPage.getByRole("link", { name: title }).click();
    await expect(creatorPage.getByText("€1,500.50")).toBeVisible();
    const [download] = await Promise.all([creatorPage.waitForEvent("download"), creatorPage.getByRole("link", { name: "brief.pdf" }).click()]);
    expect(download.suggestedFilename()).toBe("brief.pdf");
    await creatorPage.getByLabel("Message (optional)").fill("Count me in");
    await creatorPage.getByRole("button", { name: "Accept" }).click();
    await expect(creatorPage.getByText("You accepted the collaboration: we were told")).toBeVisible();
    await expect(creatorPage.getByTestId("brief-status")).toHaveText("Accepted");

    // The admin sees the answer and starts the work.
    await page.goto(briefUrl);
    await expect(page.getByTestId("brief-status").first()).toHaveText("Accepted");
    await expect(page.getByTestId("brief-history")).toContainText("Count me in");
    await expect(page.getByRole("button", { name: "Mark paid" })).toHaveCount(0);
    await page.getByRole("button", { name: "Start work" }).click();
    await expect(page.getByText("The status was changed: the creator was emailed")).toBeVisible();
    await expect(page.getByTestId("brief-status").first()).toHaveText("In progress");

    // The creator delivers.
    await creatorPage.reload();
    await creatorPage.getByRole("button", { name: "Mark delivered" }).click();
    await expect(creatorPage.getByTestId("brief-status")).toHaveText("Delivered");

    // The admin marks it paid; nothing more can be done to it.
    await page.reload();
    await page.getByRole("button", { name: "Mark paid" }).click();
    await expect(page.getByTestId("brief-status").first()).toHaveText("Paid");
    await expect(page.getByText("This brief is paid: nothing more to do.")).toBeVisible();
    await page.goto("/admin/creator-collab?view=table");
    await expect(page.getByTestId("collab-table").getByRole("row", { name: new RegExp(title) })).toContainText("Paid");

    // The creator was emailed for the proposal and each of the admin's moves; the admin, for the creator's answers.
    await expect
      .poll(async () => (await mailboxFor(page.request, creator.email)).filter((m) => m.subject.includes(title)).map((m) => m.subject))
      .toEqual([`Collaboration “${title}”: Paid`, `Collaboration “${title}”: In progress`, `New collaboration proposed: ${title}`]);
    const proposal = (await mailboxFor(page.request, creator.email)).find((m) => m.subject === `New collaboration proposed: ${title}`);
    expect(proposal?.links.some((l) => l.includes("/studio/collabs/"))).toBe(true);
    await expect.poll(async () => (await mailboxFor(page.request, admin.email)).filter((m) => m.subject.includes(title)).length).toBe(2);
    await studio.context.close();
  });
});

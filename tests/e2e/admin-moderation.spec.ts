/**
 * Moderation (issue 25, items 6 and 9): an admin takes a map down from its page with a ground of the
 * Creator Terms and the facts; the creator's email is the statement of reasons with the way to
 * appeal; the map is a 404 for everyone else (the page cache drops it too); restoring brings it
 * back; the audit log shows both. A visitor reports a spot and the report reaches /admin/reports.
 */
import { randomUUID } from "node:crypto";
import { expect, test, type Browser } from "@playwright/test";
import { mailboxFor } from "./support/accounts";
import { makeAccount, signIn } from "./support/fixtures";

const tag = () => randomUUID().slice(0, 6);

/** The status an anonymous visitor gets for `path` (a fresh context: no cookies, the cached copy if any). */
async function anonymousStatus(browser: Browser, baseURL: string, path: string): Promise<number> {
  const context = await browser.newContext({ baseURL });
  try {
    const response = await context.request.get(path, { maxRedirects: 0 });
    return response.status();
  } finally {
    await context.close();
  }
}

test.describe("moderation", () => {
  test.describe.configure({ timeout: 120_000 });

  test("an admin takes a map down with a reason, the creator is told why and how to appeal, restoring brings it back, and the audit log shows both", async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const id = tag();
    const creator = await makeAccount(request, "creator", { prefix: "moderated", title: `Copied tapas ${id}`, spots: 3 });
    const map = creator.maps[0];
    const path = `/maps/${map.slug}`;
    expect(await anonymousStatus(browser, baseURL!, path)).toBe(200);
    // Twice: the second answer may come from the page cache, which must not outlive the takedown.
    expect(await anonymousStatus(browser, baseURL!, path)).toBe(200);

    // A visitor's page has Report but no Moderate.
    const visitor = await browser.newPage({ baseURL });
    await visitor.goto(path);
    await expect(visitor.getByTestId("content-actions").getByRole("link", { name: "Report" })).toBeVisible();
    await expect(visitor.getByRole("link", { name: "Moderate" })).toHaveCount(0);
    await visitor.close();

    await signIn(page, "admin", { prefix: "moderation-admin" });
    await page.goto(path);
    await page.getByTestId("content-actions").getByRole("link", { name: "Moderate" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/moderation\\?type=map&id=${map.id}`));
    await expect(page.getByRole("heading", { name: "Take down this map" })).toBeVisible();
    const facts = `The spots of ${map.title} are copied from another creator's map (${id}).`;
    await page
      .getByLabel("Ground")
      .selectOption({ label: "Terms: Not genuine: copied, generated in bulk or made to manipulate engagement (section 3. Content standards)" });
    await page.getByLabel("Facts and circumstances (sent to the creator)").fill(facts);
    await page.getByRole("button", { name: "Take down" }).click();
    await expect(page.getByText("Taken down: the creator was sent the statement of reasons")).toBeVisible();
    const row = page.getByTestId("takedowns-active").getByTestId("takedown").filter({ hasText: map.title });
    await expect(row).toContainText(facts);

    expect(await anonymousStatus(browser, baseURL!, path)).toBe(404);

    // The statement of reasons in the creator's mailbox.
    await expect
      .poll(async () => (await mailboxFor(page.request, creator.email)).find((m) => m.text.includes(facts))?.subject)
      .toBe(`Your map “${map.title}” was taken down on Spotfolio`);
    const email = (await mailboxFor(page.request, creator.email)).find((m) => m.text.includes(facts))!;
    expect(email.text).toContain("our Creator Terms (incompatible with the terms): Not genuine");
    expect(email.text).toContain("not by automated means");
    expect(email.text).toMatch(/appeal free of charge until \d{1,2} \w+ \d{4}/);
    expect(email.links.some((link) => link.endsWith("/studio/notices"))).toBe(true);

    // Restore.
    await row.getByRole("button", { name: "Restore" }).click();
    await expect(page.getByText("Restored: the item is back as the creator had it")).toBeVisible();
    expect(await anonymousStatus(browser, baseURL!, path)).toBe(200);

    // The audit log, filtered to maps: both actions on this map, newest first.
    await page.getByTestId("admin-nav").getByRole("link", { name: "Audit log" }).click();
    await page.getByLabel("Target").selectOption("map");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/target=map/);
    const entries = page.getByTestId("audit-entry").filter({ hasText: map.id });
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText("map.restored");
    await expect(entries.nth(1)).toContainText("map.taken_down");
  });

  test("a visitor reports a spot and it reaches the admins' queue", async ({ page, browser, baseURL, request }) => {
    const id = tag();
    const creator = await makeAccount(request, "creator", { prefix: "reported", title: `Cliff walks ${id}`, spots: 3 });
    const map = creator.maps[0];
    const spot = map.spots[0];

    const visitor = await browser.newPage({ baseURL });
    await visitor.goto(`/maps/${map.slug}/spots/${spot.slug}`);
    await visitor.getByTestId("content-actions").getByRole("link", { name: "Report" }).click();
    await expect(visitor.getByRole("heading", { name: "Report this spot" })).toBeVisible();
    await visitor.getByRole("radio", { name: "Dangerous or closed place" }).check();
    const details = `The path down to ${spot.name} is closed since the storm (${id}).`;
    await visitor.getByLabel("Details").fill(details);
    await visitor.getByRole("button", { name: "Send report" }).click();
    await expect(visitor.getByRole("heading", { name: "Thank you for your report" })).toBeVisible();
    await visitor.close();

    await signIn(page, "admin", { prefix: "reports-admin" });
    await page.goto("/admin");
    await page.getByTestId("admin-nav").getByRole("link", { name: "Reports" }).click();
    const report = page.getByTestId("report").filter({ hasText: details });
    await expect(report).toContainText("Dangerous or closed place");
    await expect(report.getByRole("link", { name: new RegExp(spot.name) })).toBeVisible();
    await report.getByRole("button", { name: "Dismiss" }).click();
    await expect(page.getByText("The report is dismissed")).toBeVisible();
    await expect(page.getByTestId("report").filter({ hasText: details })).toHaveCount(0);
  });
});

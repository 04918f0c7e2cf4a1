/**
 * The Studio's Revenue section (issue 23, item 7) in a real browser: a new creator finds Revenue in
 * the navigation (before Payouts), reads twelve months as an accessible chart with the same
 * figures in a table, and reaches payments, documents and tax settings; nothing is earned yet, and
 * each page says so. (The figures themselves, the PDFs and who may download them are held by
 * studio-revenue.integration.test.ts against a closed month.)
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support/fixtures";

const serious = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);

test("a creator finds their revenue, its payments and documents, from the Studio's navigation", async ({ page }) => {
  await signIn(page, "creator", { prefix: "revenue" });
  await page.goto("/studio");
  const nav = page.getByRole("navigation", { name: "Studio" });
  const labels = await nav.getByRole("link").allTextContents();
  expect(labels.indexOf("Revenue")).toBe(labels.indexOf("Payouts") - 1);
  await nav.getByRole("link", { name: "Revenue" }).click();

  await expect(page).toHaveURL("/studio/revenue");
  await expect(page).toHaveTitle("Revenue · Studio");
  await expect(nav.getByRole("link", { name: "Revenue" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("img", { name: /^Earnings per month from .+: €0\.00 from supporters, €0\.00 from the Premium pool/ })).toBeVisible();
  await expect(page.getByTestId("revenue-months").locator("tbody tr")).toHaveCount(12);
  await expect(page.getByTestId("revenue-totals")).toContainText("12 months");
  expect(await serious(page)).toEqual([]);

  await page.getByRole("navigation", { name: "Revenue" }).getByRole("link", { name: "Payments" }).click();
  await expect(page).toHaveURL("/studio/revenue/payments");
  await expect(page.getByRole("heading", { name: "Payments", level: 1 })).toBeVisible();
  await expect(page.getByText("No payments yet")).toBeVisible();
  await expect(nav.getByRole("link", { name: "Revenue" })).toHaveAttribute("aria-current", "page");

  await page.goto("/studio/revenue");
  await page.getByRole("link", { name: "Statements and invoices" }).click();
  await expect(page).toHaveURL("/studio/revenue/documents");
  await expect(page.getByText("No statements yet")).toBeVisible();
  await expect(page.getByTestId("self-billing-note")).toContainText("You issue your own invoices.");
  await page.getByTestId("self-billing-note").getByRole("link", { name: "tax settings" }).click();
  await expect(page).toHaveURL("/studio/revenue/tax-settings");
});

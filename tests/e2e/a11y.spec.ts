import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

const serious = (violations: { impact?: string | null; id: string; nodes: { target: unknown }[] }[]) =>
  violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);

for (const path of ["/", "/info/privacy-policy", "/no/such/page"]) {
  test(`no serious accessibility violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByTestId("site-footer")).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(serious(results.violations)).toEqual([]);
  });
}

test("no serious accessibility violations in an open modal", async ({ page }) => {
  await page.goto("/dev/ui");
  await page.getByRole("button", { name: "Open modal" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(serious(results.violations)).toEqual([]);
});

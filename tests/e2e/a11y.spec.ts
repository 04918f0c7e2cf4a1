import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { signIn } from "./support/fixtures";

const serious = (violations: { impact?: string | null; id: string; nodes: { target: unknown }[] }[]) =>
  violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);

const PAGES = [
  "/",
  "/info/privacy-policy",
  "/no/such/page",
  "/auth?step=signup",
  "/forgot-password",
  "/maps/barcelona-beyond-the-rambla",
  "/maps/barcelona-beyond-the-rambla/spots/cal-pep",
  "/maps/barcelona-beyond-the-rambla/spots/bar-canete",
];

for (const path of PAGES) {
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

test("no serious accessibility violations in the auth dialog and the account drawer", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Sign up for free" }).click();
  const dialog = page.getByRole("dialog", { name: "Join Spotfolio" });
  await expect(dialog.getByTestId("auth-signup")).toBeVisible();
  expect(serious((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations)).toEqual([]);
  await page.keyboard.press("Escape");

  await signIn(page, "member", { prefix: "a11y" });
  await page.reload();
  await page.getByTestId("profile-button").click();
  await expect(page.getByTestId("account-drawer")).toBeVisible();
  expect(serious((await new AxeBuilder({ page }).include('[data-testid="account-drawer"]').analyze()).violations)).toEqual([]);
  await page.goto("/account");
  expect(serious((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
});

import { expect, test } from "@playwright/test";

test("the legal notice shows the company's registered details", async ({ page }) => {
  await page.goto("/info/legal-notice");
  const body = page.locator("article");
  await expect(body).toContainText("Spotfolio Maps S.L.");
  await expect(body).toContainText("Carrer de Pallars 108, 08018 Barcelona, Spain");
  await expect(body).toContainText("B67123456");
  await expect(body).toContainText("Registro Mercantil de Barcelona");
  await expect(page.getByText("Version 1.0")).toBeVisible();
});

test("the privacy policy names the Spanish supervisory authority", async ({ page }) => {
  await page.goto("/info/privacy-policy");
  await expect(page.locator("article")).toContainText("AEPD");
  await expect(page.locator("article")).toContainText("privacy@spotfolio.app");
});

test("the cookie policy names every cookie the site has set, and this site's address", async ({ page, context, baseURL }) => {
  // A creator's page sets the analytics cookies (the visitor has accepted them).
  await page.goto("/@lucia_ferrer");
  await page.goto("/info/cookie-policy");
  const policy = page.locator("article");
  await expect(policy).toContainText(`${baseURL}/info/privacy-policy`);
  const names = (await context.cookies()).map((c) => c.name);
  expect(names).toEqual(expect.arrayContaining(["sf_consent", "sf_tid", "sf_ref"]));
  for (const name of names) await expect(policy).toContainText(`${name} — `);
});

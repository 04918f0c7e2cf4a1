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

/**
 * Issue 23: the server and the browser can disagree on the year (around New Year, a visitor in
 * another time zone, or a server whose clock runs ahead as in creator-money.spec.ts). A page must
 * still hydrate as rendered: a mismatch made React throw the server's HTML away and render the
 * page again, and what the creator had typed into a Studio form before that was gone.
 */
import { expect, test } from "@playwright/test";
import { signIn } from "./support/fixtures";
import { hydrated } from "./support/hydration";

test("a Studio form keeps what was typed while the page loads when the browser is in another year than the server", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await signIn(page, "creator", { prefix: "new-year", spots: 1 });
  // The browser's clock a year after the server's, and a slow device: the page is typed into before it hydrates.
  const now = new Date();
  await page.clock.install({ time: new Date(Date.UTC(now.getUTCFullYear() + 1, 5, 15, 12)) });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });

  await page.goto("/studio/revenue/tax-settings");
  const legalName = page.getByTestId("tax-settings-form").getByLabel("Legal name");
  await legalName.fill("Lucía Fernández Ruiz");
  await hydrated(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });

  await expect(legalName).toHaveValue("Lucía Fernández Ruiz");
  expect(errors).toEqual([]);
});

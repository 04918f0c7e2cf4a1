import { expect, test, type Page } from "@playwright/test";
import { payWith, pricingDialog } from "./support/checkout";
import { signIn } from "./support/fixtures";

const CREATOR = "/@lucia_ferrer";

/** Marks the document: the mark survives client-side navigations and disappears on a full load. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

test.describe("a purchase changes the page at once", () => {
  test.describe.configure({ timeout: 120_000 });

  test("after supporting a creator and pressing Continue, the page, the drawer and the plans know it, without a reload", async ({ page }) => {
    await signIn(page, "member", { prefix: "fresh" });
    await page.goto(CREATOR);
    const support = page.getByTestId("support-button");
    await expect(support).toHaveText("Support");
    await expect(page.getByTestId("get-premium")).toBeVisible();
    await markDocument(page);

    await support.click();
    const dialog = pricingDialog(page);
    await dialog.getByTestId("plan-supporter").getByRole("button", { name: "Support @lucia_ferrer" }).click();
    await payWith(page, "4242 4242 4242 4242");
    await expect(page).toHaveURL(`${CREATOR}?payment=success&tier=supporter`);
    await page.getByRole("dialog", { name: "Thank you for becoming a Supporter" }).getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(CREATOR);

    // The creator page no longer offers Support.
    await expect(support).toHaveText("Supporting");
    // Nor does the header offer Premium: a supporter counts as Premium.
    await expect(page.getByTestId("get-premium")).toHaveCount(0);

    // The drawer lists the creator and offers no Premium.
    await page.getByTestId("profile-button").click();
    const drawer = page.getByTestId("account-drawer");
    await expect(drawer.getByTestId("drawer-supporting").getByRole("link")).toHaveAttribute("href", CREATOR);
    await expect(drawer.getByText("You are not supporting any creators")).toHaveCount(0);
    await expect(drawer.getByRole("button", { name: "Get Premium" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();

    // The plans no longer offer Premium or supporting her again.
    await support.click();
    await expect(dialog.getByTestId("plan-premium").getByRole("button", { name: "Already a Premium Member" })).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Go Premium" })).toHaveCount(0);
    await expect(dialog.getByTestId("plan-supporter").getByRole("button", { name: /^Already supporting/ })).toBeDisabled();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // Still so after a client-side navigation.
    await page.getByRole("navigation", { name: "Creator" }).getByRole("link", { name: "Maps" }).click();
    await expect(page).toHaveURL(`${CREATOR}/maps`);
    await expect(page.getByTestId("get-premium")).toHaveCount(0);
    await support.click();
    await expect(dialog.getByTestId("plan-premium").getByRole("button", { name: "Already a Premium Member" })).toBeDisabled();
    await page.keyboard.press("Escape");
    await page.getByTestId("profile-button").click();
    await expect(drawer.getByTestId("drawer-supporting").getByRole("link")).toHaveAttribute("href", CREATOR);

    // None of it took a full page load.
    expect(await sameDocument(page)).toBe(true);
  });
});

import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signIn } from "./support/fixtures";

const IBAN = "ES76 2077 0024 0031 0257 5766";

const serious = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);

test.describe("a creator's tax and bank details", () => {
  test("fills in tax settings, then a bank account (a wrong IBAN first), and sees it saved by its last 4 only", async ({ page }) => {
    test.setTimeout(120_000);
    const creator = await signIn(page, "creator", { prefix: "payouts", maps: 0 });

    await page.goto("/studio/revenue/tax-settings");
    await expect(page.getByRole("heading", { name: "Tax settings", level: 1 })).toBeVisible();
    await expect(page).toHaveTitle("Tax settings · Studio");
    // Nothing on file: payouts are held, and the page says why.
    const holds = page.getByTestId("payout-holds");
    await expect(holds.getByTestId("hold-tax-settings-incomplete")).toBeVisible();
    await expect(holds.getByTestId("hold-bank-details-missing")).toContainText("You have not entered a bank account");
    expect(await serious(page)).toEqual([]);

    const form = page.getByTestId("tax-settings-form");
    await form.getByLabel("Country of tax residence").selectOption("ES");
    await form.getByLabel("An individual").check();
    await form.getByLabel("Legal name").fill("Lucía Fernández Ruiz");
    // A NIF with a wrong letter is refused on the spot.
    const taxId = form.getByLabel("NIF or NIE");
    await taxId.fill("12345678A");
    await taxId.blur();
    await expect(form.getByTestId("error-taxId")).toHaveText("The letter of this NIF does not match its number: check it against your DNI");
    await taxId.fill("12345678Z");
    await expect(form.getByTestId("error-taxId")).toHaveCount(0);
    // IRPF: only for Spanish residents, the 7% rate with its conditions.
    await expect(form.getByText("Only in the year your professional activity started and the two following years")).toBeVisible();
    await form.getByLabel("15%, the general rate").check();
    await form.getByLabel("Street and number").fill("Calle Mayor 1, 3º B");
    await form.getByLabel("Postal code").fill("28013");
    await form.getByLabel("City or town").fill("Madrid");
    await form.getByLabel("Country", { exact: true }).selectOption("ES");
    await form.locator('input[name="dateOfBirth"]').fill("1990-05-17");
    // A Spanish resident is asked for no certificate of tax residence.
    await expect(form.getByLabel("Certificate file")).toHaveCount(0);
    await form.getByLabel(/I authorise .* to issue invoices in my name and on my behalf/).check();
    await form.getByLabel("Your password").fill(creator.password);
    await form.getByRole("button", { name: "Save tax settings" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Your tax settings have been saved" })).toBeVisible();
    await expect(page.getByTestId("hold-tax-settings-incomplete")).toHaveCount(0);
    await expect(page.getByTestId("withholding")).toContainText("IRPF at the general 15% rate");

    await page.getByRole("link", { name: "the bank account your payouts go to" }).click();
    await expect(page.getByRole("heading", { name: "Payout details", level: 1 })).toBeVisible();
    await expect(page.getByTestId("no-account")).toBeVisible();
    const bank = page.getByTestId("payout-details-form");
    await expect(bank.getByLabel("Account holder")).toHaveValue("Lucía Fernández Ruiz");
    await bank.getByLabel("IBAN").fill("ES76 2077 0024 0031 0257 5767");
    await bank.getByLabel("Your password").fill(creator.password);
    await bank.getByRole("button", { name: "Save bank account" }).click();
    await expect(bank.getByTestId("error-iban")).toHaveText("This IBAN is not valid: its check digits do not match (check for a typing mistake)");
    await expect(page.getByTestId("no-account")).toBeVisible();

    await bank.getByLabel("IBAN").fill(IBAN);
    await expect(bank.getByTestId("error-iban")).toHaveCount(0);
    await bank.getByRole("button", { name: "Save bank account" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Your bank account ending 5766 has been saved" })).toBeVisible();
    await expect(page.getByTestId("saved-iban")).toHaveText("ES •••• 5766");
    await expect(page.getByTestId("saved-holder")).toHaveText("Lucía Fernández Ruiz");
    // Only the last 4: the whole IBAN is nowhere on the page, not even in the emptied form.
    await expect(page.getByLabel("IBAN")).toHaveValue("");
    const html = await page.content();
    expect(html.replace(/\s/g, "")).not.toContain(IBAN.replace(/\s/g, ""));
    await expect(page.getByTestId("payout-holds")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Change your bank account" })).toBeVisible();
    expect(await serious(page)).toEqual([]);

    // After a reload too.
    await page.reload();
    await expect(page.getByTestId("saved-iban")).toHaveText("ES •••• 5766");
    expect((await page.content()).replace(/\s/g, "")).not.toContain(IBAN.replace(/\s/g, ""));
  });
});

/**
 * Issue 23, items 6 and 12 in a browser: a member supports a creator through the local provider's
 * checkout (test card) and is emailed a confirmation; the creator is told, sees them on
 * /studio/supporters by the name they chose and never by their email, and downloads the CSV.
 */
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { mailboxFor } from "./support/accounts";
import { payWith, pricingDialog } from "./support/checkout";
import { signIn, signedInContext } from "./support/fixtures";
import { hydrated } from "./support/hydration";

test.describe("a creator's supporters", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a member supports a creator with the test card; the creator sees them without their email and downloads the CSV", async ({
    page,
    browser,
    baseURL,
  }) => {
    const { context, page: studio, account: creator } = await signedInContext(browser, baseURL!, "creator", { prefix: "supported", gated: true, spots: 3 });
    // Opened directly, the page comes to life in the browser (its code loads: issue 23, a CSV writer
    // that needs Node's Buffer made it fail to, and the Supporters link below reloaded /studio).
    await studio.goto("/studio/supporters");
    await hydrated(studio);
    await expect(studio.getByRole("heading", { name: "No supporters yet" })).toBeVisible();
    await expect(studio.getByTestId("supporters-csv")).toHaveCount(0);

    const member = await signIn(page, "member", { prefix: "mia-supports" });
    // A name of their own: the address's local part, which sign-up leaves as a display name, is never shown.
    await page.goto("/account");
    const profile = page.getByTestId("account-profile");
    await profile.getByLabel("Display name").fill("Mia Wanderer");
    await profile.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Your profile has been saved")).toBeVisible();

    const [map] = creator.maps;
    const spot = map.spots[2];
    expect(spot.visibility).toBe("supporters");
    await page.goto(`/maps/${map.slug}/spots/${spot.slug}`);
    await hydrated(page);
    await page.getByTestId("unlock-button").click();
    const dialog = pricingDialog(page);
    await dialog
      .getByTestId("plan-supporter")
      .getByRole("button", { name: `Support @${creator.handle}` })
      .click();
    await payWith(page, "4242 4242 4242 4242");
    await expect(page.getByRole("dialog", { name: "Thank you for becoming a Supporter" })).toBeVisible();

    // The member's confirmation: plan, price with VAT, trial, first charge, how to cancel.
    await expect
      .poll(async () => (await mailboxFor(page.request, member.email)).map((m) => m.subject), { timeout: 10_000 })
      .toContain(`You are now supporting ${creator.displayName} on Spotfolio`);
    const [confirmation] = await mailboxFor(page.request, member.email);
    expect(confirmation.text).toContain("Price: €10 per month, VAT included");
    expect(confirmation.text).toMatch(/Free trial: until \d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(confirmation.text).toMatch(/First charge: €10 on \d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(confirmation.links.some((l) => l.endsWith("/account"))).toBe(true);

    // The creator's news names the member as they chose, links to the page, and holds no address.
    await expect
      .poll(async () => (await mailboxFor(page.request, creator.email)).map((m) => m.subject), { timeout: 10_000 })
      .toContain("New supporter: Mia Wanderer");
    const news = (await mailboxFor(page.request, creator.email)).find((m) => m.subject === "New supporter: Mia Wanderer")!;
    expect(news.links.some((l) => l.endsWith("/studio/supporters"))).toBe(true);
    expect(news.text).not.toContain(member.email);

    // The Studio: in the navigation, the supporter by name, their plan and trial; no email anywhere in the page.
    // From the dashboard, by the Studio's navigation (a client navigation: the page's code must load).
    await studio.goto("/studio");
    await hydrated(studio);
    const link = studio.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Supporters" });
    await link.click();
    await expect(studio).toHaveURL("/studio/supporters");
    await expect(link).toHaveAttribute("aria-current", "page");
    await expect(studio).toHaveTitle("Supporters · Studio");
    const row = studio.getByTestId("current-supporter");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Mia Wanderer");
    await expect(row).toContainText("Monthly");
    await expect(row).toContainText(/Trial until \d{1,2} [A-Z][a-z]+ \d{4}/);
    await expect(studio.getByTestId("supporter-counts")).toContainText("Supporters1");
    await expect(studio.getByTestId("supporters-chart").getByRole("img")).toHaveAttribute("aria-label", /1 new, 0 ended$/);
    const html = await studio.content();
    expect(html).not.toContain(member.email);
    expect(html).not.toContain(member.email.split("@")[0]);

    const downloading = studio.waitForEvent("download");
    await studio.getByTestId("supporters-csv").click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^supporters-${creator.handle}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const csv = await readFile((await download.path())!, "utf8");
    expect(csv.split("\r\n")).toEqual([
      "handle,display name,plan interval,status,since,ended,next renewal",
      expect.stringMatching(/^,Mia Wanderer,monthly,trial,\d{4}-\d{2}-\d{2},,\d{4}-\d{2}-\d{2}$/),
      "",
    ]);
    expect(csv).not.toContain(member.email);
    expect(csv).not.toContain(member.userId);
    await context.close();
  });
});

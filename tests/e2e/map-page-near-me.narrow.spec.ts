/**
 * Issue 26, item 3, on a phone (the "narrow" project): "Near me" sorts a map's spots by distance
 * once the visitor lets the page know where they are; refused, a line says so and the list keeps
 * the creator's order.
 */
import { expect, test } from "@playwright/test";
import { makeAccount } from "./support/fixtures";

test.describe("Near me on a map page", () => {
  test("sorts the list by distance after the visitor allows their location, keeping each spot's number", async ({ page, context }) => {
    const creator = await makeAccount(page.request, "creator", { prefix: "near-me", spots: 6 });
    const map = creator.maps[0];
    const last = map.spots[map.spots.length - 1];
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: last.lat, longitude: last.lng });

    await page.goto(`/maps/${map.slug}`);
    const names = page.getByTestId("spot-list").getByTestId("spot-row").locator("span.font-medium").first();
    await expect(names).toHaveText(map.spots[0].name);
    await page.getByRole("button", { name: "Near me" }).click();
    await expect(page.getByTestId("near-me-status")).toHaveText("Nearest first, from where you are.");
    const rows = page.getByTestId("spot-list").getByTestId("spot-row");
    // The spots run in a line away from the first: from the last one, the order is reversed.
    await expect(rows.first()).toContainText(last.name);
    await expect(rows.first()).toContainText(/^6/);
    await expect(rows.first().getByTestId("spot-distance")).toHaveText(/· \d+ m/);
    await expect(rows.last()).toContainText(map.spots[0].name);
    await expect(page.getByRole("button", { name: "Near me" })).toHaveAttribute("aria-pressed", "true");

    // Pressed again: back to the creator's order.
    await page.getByRole("button", { name: "Near me" }).click();
    await expect(rows.first()).toContainText(map.spots[0].name);
  });

  test("refused: a clear line, and the list unchanged", async ({ page, context }) => {
    const creator = await makeAccount(page.request, "creator", { prefix: "near-me-no", spots: 4 });
    const map = creator.maps[0];
    await context.clearPermissions();
    await page.goto(`/maps/${map.slug}`);
    await page.getByRole("button", { name: "Near me" }).click();
    await expect(page.getByTestId("near-me-status")).toHaveText(/so the list stays in the creator’s order\.$/);
    const rows = page.getByTestId("spot-list").getByTestId("spot-row");
    await expect(rows).toHaveCount(4);
    await expect(rows.first()).toContainText(map.spots[0].name);
    await expect(rows.getByTestId("spot-distance")).toHaveCount(0);
  });
});

import { expect, test } from "@playwright/test";
import { hydrated } from "./support/hydration";

// The shared UI pieces, driven through the loopback-only gallery at /dev/ui.
test.describe("shared UI components", () => {
  test("toasts of the four kinds show and disappear after 5 seconds", async ({ page }) => {
    await page.clock.install();
    await page.goto("/dev/ui");
    // The toaster is fetched with the visitor's first gesture (here a key), after hydration;
    // React reveals a lazy component on a timer, so it must be on the page before time is frozen.
    await hydrated(page);
    await page.keyboard.press("Shift");
    await expect(page.getByRole("region", { name: /^Notifications/ })).toBeAttached();
    // Time stands still while the toasts are raised, however slow the machine is, so
    // only runFor moves their 5 s on.
    await page.clock.pauseAt(Date.now() + 60_000);
    for (const kind of ["error", "success", "warning", "info"]) {
      await page.getByRole("button", { name: `Show ${kind} toast` }).click();
      // sonner mounts a toast from a zero-delay timer, once its module has been imported:
      // move the frozen clock on until the toast is there.
      await expect(async () => {
        await page.clock.runFor(20);
        await expect(page.locator(`[data-sonner-toast][data-type="${kind}"]`)).toContainText(`A ${kind} toast`, {
          timeout: 250,
        });
      }).toPass();
    }
    await page.mouse.move(0, 700);
    await page.clock.runFor(4_000);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(4);
    await page.clock.runFor(1_500);
    await page.clock.resume();
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  });

  test("the modal closes on Escape, on the backdrop and on a route change", async ({ page }) => {
    await page.goto("/dev/ui");
    const dialog = page.getByRole("dialog", { name: "A modal" });

    await page.getByRole("button", { name: "Open modal" }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.getByRole("button", { name: "Open modal" }).click();
    await expect(dialog).toBeVisible();
    // The modal hears clicks outside it from the task after it opens (Radix registers its listener in a
    // timeout), and the browser may handle a click before that task: only a test clicks that fast, so
    // the backdrop is clicked again until the modal has closed.
    await expect(async () => {
      await page.getByTestId("modal-backdrop").click({ position: { x: 10, y: 10 }, timeout: 1_000 });
      await expect(dialog).toBeHidden({ timeout: 1_000 });
    }).toPass();

    await page.getByRole("button", { name: "Open modal" }).click();
    await dialog.getByRole("link", { name: "Go to the copyright page" }).click();
    await expect(page).toHaveURL("/info/copyright");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("a blocking modal ignores Escape and backdrop clicks; a fullscreen one fills the window", async ({ page }) => {
    await page.goto("/dev/ui");
    await page.getByRole("button", { name: "Open blocking modal" }).click();
    const blocking = page.getByRole("dialog", { name: "Please wait" });
    await expect(blocking).toBeVisible();
    await page.keyboard.press("Escape");
    await page.mouse.click(10, 10);
    await expect(blocking).toBeVisible();
    await blocking.getByRole("button", { name: "Done" }).click();
    await expect(blocking).toBeHidden();

    await page.getByRole("button", { name: "Open fullscreen modal" }).click();
    const full = page.getByRole("dialog", { name: "Fullscreen modal" });
    const box = await full.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box).toMatchObject({ x: 0, y: 0, width: viewport.width, height: viewport.height });
  });

  test("the empty state and the loader", async ({ page }) => {
    await page.goto("/dev/ui");
    const empty = page.getByTestId("empty-state");
    await expect(empty.getByRole("heading", { name: "Nothing saved yet" })).toBeVisible();
    await expect(empty.getByRole("link", { name: "Explore maps" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("status").filter({ hasText: "Loading maps" })).toBeVisible();
  });
});

import { expect, type Locator } from "@playwright/test";

/**
 * A map page paints a static preview; MapLibre starts when the visitor asks for the map (or at once,
 * once they have used a map in this visit). Presses the map's button (the keyboard's and screen
 * reader's way in) unless the map is already running, then waits for the interactive map.
 */
export async function startMap(map: Locator) {
  const ready = map.locator("[data-map-ready=true]");
  const button = map.getByRole("button", { name: "Show interactive map" });
  await expect(ready.or(button).first()).toBeAttached({ timeout: 20_000 });
  // The button goes once the map is drawn: if that happens first, there is nothing left to press.
  if (await button.isVisible()) await button.click({ timeout: 5_000 }).catch(() => undefined);
  await expect(ready).toBeAttached({ timeout: 20_000 });
}

import type { Page } from "@playwright/test";

/** The demo map with a premium and a supporters-only spot, and what those spots hide. */
export const MAP = "/maps/barcelona-beyond-the-rambla";
export const PREMIUM_SPOT = `${MAP}/spots/bar-canete`;
export const SUPPORTERS_SPOT = `${MAP}/spots/la-cova-fumada`;
export const PREMIUM_ADDRESS = "Carrer de la Unió 17, 08001 Barcelona";
export const SUPPORTERS_ADDRESS = "Carrer del Baluard 56, 08003 Barcelona";

export const pricingDialog = (page: Page) => page.getByRole("dialog", { name: "Join & Empower Creators" });

/** Fills the local provider's card form with `number` (any future expiry, any CVC) and pays. */
export async function payWith(page: Page, number: string) {
  const form = page.getByTestId("card-form");
  await form.getByLabel("Card number").fill(number);
  await form.getByLabel("Expiry (MM/YY)").fill("12/40");
  await form.getByLabel("CVC").fill("123");
  await form.getByRole("button", { name: "Pay & Subscribe" }).click();
}

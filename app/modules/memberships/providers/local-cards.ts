/**
 * The local test provider's card rules, in the words Stripe uses. Only
 * Stripe's public test numbers are accepted: this provider exists for
 * development and tests, never for real cards.
 */
import { cardNumberDigits, parseExpiry } from "./card-input";

export const TEST_CARD = "4242424242424242";
export const DECLINED_CARD = "4000000000000002";

/** The checkout's country (required, as Stripe's card country is): missing, or not one of the list. */
export const COUNTRY_REQUIRED = "Please choose your country";
export const COUNTRY_INVALID = "Please choose a country from the list";

export type CardCheck = { ok: true } | { ok: false; field: "number" | "expiry" | "cvc"; message: string; declined?: boolean };

/** The fields as typed: read the way the card form formats them (card-input.ts). */
export function checkTestCard(input: { number: string; expiry: string; cvc: string }, now = new Date()): CardCheck {
  const number = cardNumberDigits(input.number);
  if (number === null || number.length !== 16) return { ok: false, field: "number", message: "Your card number is incomplete." };
  const expiry = parseExpiry(input.expiry);
  if (!expiry) return { ok: false, field: "expiry", message: "Your card's expiration date is incomplete." };
  // A card is valid through the last day of its expiry month.
  const endOfMonth = new Date(Date.UTC(2000 + expiry.year, expiry.month, 1));
  if (endOfMonth <= now) return { ok: false, field: "expiry", message: "Your card's expiration date is in the past." };
  if (!/^\d{3,4}$/.test(input.cvc.trim())) return { ok: false, field: "cvc", message: "Your card's security code is incomplete." };
  if (number === DECLINED_CARD) return { ok: false, field: "number", message: "Your card was declined.", declined: true };
  if (number !== TEST_CARD) return { ok: false, field: "number", message: "Test mode: use the test card 4242 4242 4242 4242." };
  return { ok: true };
}

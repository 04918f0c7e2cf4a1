/**
 * Membership plans: Premium and Supporter, monthly or yearly, in euros with
 * VAT included, each with a 30-day free trial. Amounts and provider price ids
 * come from configuration (`configuredPlans()`, the one place every page and
 * the legal documents read them from); this module only describes them, so
 * the browser and the server read the same plans. Amounts are written with
 * modules/money's formatter, like every other amount.
 */
import { cents, formatEuros } from "~/modules/money";

export const TIERS = ["premium", "supporter"] as const;
export type Tier = (typeof TIERS)[number];
export const INTERVALS = ["month", "year"] as const;
export type Interval = (typeof INTERVALS)[number];

export const TRIAL_DAYS = 30;
export const CURRENCY = "EUR";

export interface Price {
  priceId: string;
  /** In cents, VAT included. */
  amountCents: number;
}

export type Plans = Record<Tier, Record<Interval, Price>>;

/** The creator a Supporter plan is bought for, as the pricing dialog and checkout name them. */
export interface PricingCreator {
  id: string;
  handle: string;
  displayName: string | null;
}

/** "€5 a month" / "€48 a year". */
export function formatPrice(price: Price, interval: Interval): string {
  return `${formatEuros(cents(price.amountCents))} a ${interval}`;
}

/** The terms under every plan: the right amount and currency (not the spec's "$5 a month"). */
export function disclaimer(price: Price, interval: Interval): string {
  return `${TRIAL_DAYS}-day free trial, then ${formatPrice(price, interval)}, charged automatically. VAT included. Cancel any time.`;
}

/** Which tier and interval a price id belongs to, or null. */
export function findPrice(plans: Plans, priceId: string): { tier: Tier; interval: Interval } | null {
  for (const tier of TIERS) for (const interval of INTERVALS) if (plans[tier][interval].priceId === priceId) return { tier, interval };
  return null;
}

/** What a subscription is charged each period: its price's amount, or its tier and interval's when the price is no longer configured. */
export function amountOf(plans: Plans, tier: Tier, interval: Interval, priceId: string | null): number {
  const price = priceId ? findPrice(plans, priceId) : null;
  return price ? plans[price.tier][price.interval].amountCents : plans[tier][interval].amountCents;
}

/** "€5 per month, VAT included": a price as the membership emails state it. */
export function priceWithVat(amountCents: number, interval: Interval): string {
  return `${formatEuros(cents(amountCents))} per ${interval}, VAT included`;
}

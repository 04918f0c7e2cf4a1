/**
 * Which subscription statuses count, for every room that decides access or renewals
 * without reading the memberships tables. Safe for the browser.
 */
import type { SubscriptionStatus } from "#db/schema";

/**
 * Running and granting access: in the trial or paid. Only these make a viewer
 * a subscriber or a supporter for the gate (`Entitlements`, modules/gate).
 */
export const ENTITLED_STATUSES = ["active", "trialing"] as const satisfies readonly SubscriptionStatus[];

/**
 * Still running and set to renew: the trial, paid periods, and a failed
 * payment being retried (`past_due`, which grants no access meanwhile).
 */
export const RENEWING_STATUSES = ["trialing", "active", "past_due"] as const satisfies readonly SubscriptionStatus[];

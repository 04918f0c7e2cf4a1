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

/**
 * Stopped: no access and no renewal, unless the provider later says it runs again (a paused or
 * unpaid subscription can resume). `ended_at` says since when; it is cleared if it runs again.
 */
export const ENDED_STATUSES = ["canceled", "unpaid", "incomplete_expired", "paused"] as const satisfies readonly SubscriptionStatus[];

/** Never ran: a first payment still due, or one that never came. Nobody had this membership. */
export const NEVER_STARTED_STATUSES = ["incomplete", "incomplete_expired"] as const satisfies readonly SubscriptionStatus[];

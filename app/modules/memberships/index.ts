/**
 * The memberships room's public API (safe for the browser): what other modules may import from it (lint checks it).
 * It owns Premium and supporter memberships: plans, checkout, providers, subscription statuses.
 */
export { ENDED_STATUSES, ENTITLED_STATUSES, NEVER_STARTED_STATUSES, RENEWING_STATUSES } from "./statuses";
export { supporterName } from "./supporter-name";
export { TRIAL_DAYS } from "./plans";
export type { Interval, Plans, Tier } from "./plans";
export type { PaymentProvider, ProviderSubscriptionRef } from "./providers/provider";

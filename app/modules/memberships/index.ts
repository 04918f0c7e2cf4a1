/**
 * The memberships room's public API (safe for the browser): what other modules may import from it (lint checks it).
 * It owns Premium and supporter memberships: plans, checkout, providers, subscription statuses.
 */
export { ENTITLED_STATUSES, RENEWING_STATUSES } from "./statuses";
export { TRIAL_DAYS } from "./plans";
export type { Plans } from "./plans";
export type { PaymentProvider, ProviderSubscriptionRef } from "./providers/provider";

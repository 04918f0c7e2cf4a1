/**
 * The memberships room's public API on the server: what other modules may import from it (lint checks it).
 * It owns Premium and supporter memberships: plans, checkout, providers, subscription statuses.
 */
export { configuredPlans } from "./plans.server";
export { paymentProviderName } from "./providers/choose.server";
export { entitlementsOfUser } from "./entitlements.server";
export { emailTrialReminders, newSupporterEmailsOn, setNewSupporterEmails, startMembershipEmails, type MembershipEmailsJob } from "./membership-emails.server";
export { publicDisplayNameSql } from "./supporter-name.server";

/**
 * Paid memberships, mirrored from the payment provider (local test provider
 * or Stripe). Only status `active` or `trialing` grants access. Rows are
 * upserted by provider_subscription_id (idempotent webhook re-sync).
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { sqlList, timestamps, timestamptz } from "./columns";
import { profiles } from "./profiles";

/** Stripe's subscription statuses (the local provider uses the same words). */
export const SUBSCRIPTION_STATUSES = ["trialing", "active", "past_due", "canceled", "incomplete", "incomplete_expired", "unpaid", "paused"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const BILLING_INTERVALS = ["month", "year"] as const;
export const PAYMENT_PROVIDERS = ["local", "stripe"] as const;

const subscriptionColumns = () => ({
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull(),
  interval: text("interval", { enum: BILLING_INTERVALS }).notNull(),
  provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
  providerCustomerId: text("provider_customer_id"),
  providerSubscriptionId: text("provider_subscription_id").unique(),
  priceId: text("price_id"),
  trialEnd: timestamptz("trial_end"),
  currentPeriodEnd: timestamptz("current_period_end"),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  /** When a cancellation was asked for (Stripe's `canceled_at`): not when it ends, see `endedAt`. */
  canceledAt: timestamptz("canceled_at"),
  /** When it stopped running (canceled, unpaid, expired, paused); null while it runs. Counts churn. */
  endedAt: timestamptz("ended_at"),
  /** When its confirmation email (and, for a supporter, the creator's "new supporter" email) was queued: once. */
  confirmationSentAt: timestamptz("confirmation_sent_at"),
  /** When the "your free trial ends" reminder was queued: once, never after a cancellation. */
  trialReminderSentAt: timestamptz("trial_reminder_sent_at"),
  /** The member's country (ISO alpha-2) the checkout recorded; the local provider's renewals charge its VAT. */
  country: text("country"),
  ...timestamps(),
});

const statusCheck = (name: string) => check(name, sql.raw(`status in ${sqlList(SUBSCRIPTION_STATUSES)}`));
const intervalCheck = (name: string) => check(name, sql.raw(`interval in ${sqlList(BILLING_INTERVALS)}`));
const providerCheck = (name: string) => check(name, sql.raw(`provider in ${sqlList(PAYMENT_PROVIDERS)}`));

export const platformSubscriptions = pgTable(
  "platform_subscriptions",
  {
    ...subscriptionColumns(),
    tier: text("tier", { enum: ["premium"] })
      .notNull()
      .default("premium"),
  },
  (t) => [
    index("platform_subscriptions_user_id_idx").on(t.userId, t.status),
    index("platform_subscriptions_customer_idx").on(t.providerCustomerId),
    // The trial reminder job's candidates only (modules/memberships/membership-emails.server.ts).
    index("platform_subscriptions_trial_reminder_idx")
      .on(t.trialEnd)
      .where(sql`status = 'trialing' and trial_reminder_sent_at is null`),
    statusCheck("platform_subscriptions_status_check"),
    intervalCheck("platform_subscriptions_interval_check"),
    providerCheck("platform_subscriptions_provider_check"),
    check("platform_subscriptions_tier_check", sql`tier = 'premium'`),
  ],
);

export const creatorSupporters = pgTable(
  "creator_supporters",
  {
    ...subscriptionColumns(),
    creatorId: text("creator_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("creator_supporters_user_id_idx").on(t.userId, t.status),
    index("creator_supporters_creator_id_idx").on(t.creatorId, t.status),
    index("creator_supporters_customer_idx").on(t.providerCustomerId),
    index("creator_supporters_trial_reminder_idx")
      .on(t.trialEnd)
      .where(sql`status = 'trialing' and trial_reminder_sent_at is null`),
    statusCheck("creator_supporters_status_check"),
    intervalCheck("creator_supporters_interval_check"),
    providerCheck("creator_supporters_provider_check"),
  ],
);

/**
 * An anonymous Stripe buyer's acceptance of the privacy policy, ticked in our card form before the
 * payment goes to Stripe (which creates no account of ours). Kept by checkout session until the
 * purchase makes or finds the account; then it becomes that account's agreement row (`user_id`).
 */
export const checkoutPrivacyAcceptances = pgTable("checkout_privacy_acceptances", {
  sessionId: text("session_id").primaryKey(),
  ip: text("ip").notNull(),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
  /** The account it was recorded for, once the purchase is known. */
  userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
  recordedAt: timestamptz("recorded_at"),
});

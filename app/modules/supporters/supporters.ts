/**
 * A creator's supporters as the Studio shows them (browser-safe: types, labels, the month
 * figures' arithmetic; the CSV is supporters-csv.server.ts). Read by supporters.server.ts, selected by owner id.
 * A supporter is a person: one row per member, whatever number of subscriptions they had.
 */
import type { Interval } from "~/modules/memberships";

/** trial: in the free trial · active: paid and renewing · cancelling: runs to `endsOn`, no renewal · past_due: a payment failed, retried. */
export type SupporterStatus = "trial" | "active" | "cancelling" | "past_due";

export interface CurrentSupporter {
  /** An opaque key for the row (their subscription's id): never their user id or email. */
  key: string;
  handle: string | null;
  /** Only a name they chose (see memberships' publicDisplayNameSql). */
  displayName: string | null;
  interval: Interval;
  status: SupporterStatus;
  /** The first time they started supporting this creator. */
  since: Date;
  trialEnd: Date | null;
  /** A cancelled support's last day. */
  endsOn: Date | null;
  /** The next charge; null when it will not renew. */
  nextRenewal: Date | null;
}

export interface FormerSupporter {
  key: string;
  handle: string | null;
  displayName: string | null;
  /** Their last support's interval. */
  interval: Interval;
  since: Date;
  ended: Date;
}

/** One UTC month of the last 12. */
export interface SupporterMonth {
  /** "2026-11". */
  month: string;
  /** Supports started in the month. */
  started: number;
  /** Supports that ended in the month. */
  ended: number;
  /** Running when the month began, and when it ended (for the current month: now). */
  activeAtStart: number;
  activeAtEnd: number;
  /** ended / activeAtStart; null when nobody was supporting at the start. */
  churn: number | null;
}

export interface SupporterCounts {
  /** Supporting now: in the trial, paying, or cancelled but running to the period's end. */
  active: number;
  trial: number;
  cancelling: number;
  /** Renewing, but their last payment failed (no access meanwhile). */
  pastDue: number;
  former: number;
}

export interface SupportersOverview {
  counts: SupporterCounts;
  current: CurrentSupporter[];
  former: FormerSupporter[];
  months: SupporterMonth[];
}

export const SUPPORTER_MONTHS = 12;

export function churnOf(ended: number, activeAtStart: number): number | null {
  return activeAtStart > 0 ? ended / activeAtStart : null;
}

/** "25%", "33.3%", "—" without anyone at the start. */
export function formatChurn(churn: number | null): string {
  if (churn === null) return "—";
  return `${Math.round(churn * 1000) / 10}%`;
}

/** "Nov 2026" from "2026-11", in UTC like the figures. */
export function monthLabel(month: string, style: "short" | "long" = "short"): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-GB", { month: style, year: "numeric", timeZone: "UTC" });
}

export const billingLabel = (interval: Interval) => (interval === "year" ? "Yearly" : "Monthly");

/**
 * The numbers the Creator Compensation terms promise (/info/creator-compensation,
 * accepted by every creator in onboarding). The terms, the Creator FAQ, the
 * apply page and the Studio print them from here, and the money the ledger
 * computes must follow them, so a change here is a change of contract: the
 * terms require 30 days' notice to creators before it takes effect.
 */
import { cents } from "./cents";

/** Share of net Supporter revenue paid to the supported creator (terms, section 2). */
export const CREATOR_SUPPORTER_SHARE_PERCENT = 70;
/** Share of net Premium revenue placed in the creator pool each month (section 3). */
export const PREMIUM_POOL_SHARE_PERCENT = 50;

/** Engagement points (section 3): per spot viewed by a paying member, once per member, spot and day. */
export const POINTS_PER_SPOT_VIEW = 1;
/** Per map or spot bookmarked by a paying member, in the month the bookmark is first made. */
export const POINTS_PER_BOOKMARK = 3;
/** At most this many points per paying member per creator per month. */
export const MAX_POINTS_PER_MEMBER_PER_CREATOR = 100;

/** A balance is paid out once it reaches this amount, and carried over until then (section 6). */
export const PAYOUT_MINIMUM = cents(50_00);
/** Payouts leave by this day of the month after the month earned. */
export const PAYOUT_DAY_OF_MONTH = 20;
/** The monthly statement is published by this day of the month (section 5). */
export const STATEMENT_DAY_OF_MONTH = 10;

/** Spanish IRPF withholding on payouts to individuals resident in Spain (section 8): the general rate and the reduced one for new activities. */
export const IRPF_GENERAL_PERCENT = 15;
export const IRPF_NEW_ACTIVITY_PERCENT = 7;

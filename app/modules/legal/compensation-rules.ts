/**
 * The numbers the Creator Terms and Creator Compensation terms promise, in
 * one place: the legal documents print them and the Studio (its FAQ, its
 * account management page) explains them from the same values, so a change
 * here changes every place that states it.
 */
export { MIN_SPOTS_TO_PUBLISH } from "~/modules/spots/publishing-rules";

/** Share of net Supporter revenue paid to the supported creator. */
export const CREATOR_SUPPORTER_SHARE_PERCENT = 70;
/** Share of net Premium revenue placed in the creator pool each month. */
export const PREMIUM_POOL_SHARE_PERCENT = 50;
/** A balance is paid out once it reaches this many euros (carried over until then). */
export const PAYOUT_MINIMUM_EUR = 50;
/** Payouts leave by this day of the month after the month earned. */
export const PAYOUT_DAY_OF_MONTH = 20;
/** The monthly statement is published by this day of the month. */
export const STATEMENT_DAY_OF_MONTH = 10;
/** Spanish IRPF withholding on payouts to individuals resident in Spain: the general rate and the reduced one for new activities. */
export const IRPF_GENERAL_PERCENT = 15;
export const IRPF_NEW_ACTIVITY_PERCENT = 7;

export const eur = (amount: number) => `EUR ${amount}`;
export const percent = (value: number) => `${value}%`;

/** "20th", "10th", "1st": the day as the terms write it. */
export function ordinalDay(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[day % 10] ?? "th");
  return `${day}${suffix}`;
}

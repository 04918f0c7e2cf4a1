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
/** The 7% rate applies in the year a professional activity starts and the two following (Reglamento del IRPF, RD 439/2007, art. 101.5.a), when there was none in the year before. */
export const IRPF_NEW_ACTIVITY_YEARS = 3;

/**
 * Spanish non-resident income tax (IRNR) withheld from payouts to creators not resident in Spain
 * who have not given us a certificate of tax residence (section 8). Rates of the Ley del Impuesto
 * sobre la Renta de no Residentes (texto refundido, Real Decreto Legislativo 5/2004), art. 25.1.a:
 * 24% in general, 19% for residents of another EU member state or of an EEA state with an
 * effective exchange of tax information (Iceland, Liechtenstein, Norway).
 */
export const IRNR_GENERAL_PERCENT = 24;
export const IRNR_EU_EEA_PERCENT = 19;

/** The EU member states and the EEA states of art. 25.1.a (ISO alpha-2; Greece is GR here, EL only in VAT numbers). */
export const EU_EEA_COUNTRIES: readonly string[] = [
  ..."AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK".split(" "),
  ..."IS LI NO".split(" "),
];

/** After a change of bank details is confirmed, the next payout waits this long (section 7: we may verify the account). */
export const PAYOUT_HOLD_DAYS_AFTER_BANK_CHANGE = 5;

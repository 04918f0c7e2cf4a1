/**
 * Money: integer euro cents (`Cents`), the one formatter every page, email
 * and document writes amounts with, and the Creator Compensation rules
 * (shares, engagement points, payout minimum and days, withholding rates).
 * Browser-safe: the apply page and the Studio read the same rules the terms
 * print.
 */
export { cents, isCents, percentOf, shareOf, type Cents } from "./cents";
export { decimalEuros, formatEuros, formatPercent, ordinalDay, type EuroFormat } from "./format";
export {
  CREATOR_SUPPORTER_SHARE_PERCENT,
  EU_EEA_COUNTRIES,
  IRNR_EU_EEA_PERCENT,
  IRNR_GENERAL_PERCENT,
  IRPF_GENERAL_PERCENT,
  IRPF_NEW_ACTIVITY_PERCENT,
  IRPF_NEW_ACTIVITY_YEARS,
  PAYOUT_HOLD_DAYS_AFTER_BANK_CHANGE,
  MAX_POINTS_PER_MEMBER_PER_CREATOR,
  PAYOUT_DAY_OF_MONTH,
  PAYOUT_MINIMUM,
  POINTS_PER_BOOKMARK,
  POINTS_PER_SPOT_VIEW,
  PREMIUM_POOL_SHARE_PERCENT,
  STATEMENT_DAY_OF_MONTH,
} from "./compensation-rules";
export { withholdingFor, type WithholdingProfile, type WithholdingRule } from "./withholding";
export type { PayoutHold, PayoutNote, PayoutReadiness } from "./payout-readiness";

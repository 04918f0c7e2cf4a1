/**
 * The supporters room's public API (safe for the browser): what other modules may import from it (lint checks it).
 * It owns a creator's view of who supports them: the lists, the monthly figures and churn (the CSV is in index.server.ts).
 */
export {
  billingLabel,
  churnOf,
  formatChurn,
  monthLabel,
  SUPPORTER_MONTHS,
  type CurrentSupporter,
  type FormerSupporter,
  type SupporterCounts,
  type SupporterMonth,
  type SupportersOverview,
  type SupporterStatus,
} from "./supporters";

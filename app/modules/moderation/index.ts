/**
 * The moderation room's public API (safe for the browser): the grounds of a takedown, the reasons of
 * a report, their labels and messages.
 */
export {
  APPEAL_MONTHS,
  GROUNDS,
  groundLabel,
  groundOf,
  isModerationTarget,
  MODERATION_MESSAGES,
  REPORT_RATE_LIMIT,
  REPORT_REASONS,
  reportReasonLabel,
  TARGET_NAMES,
  type Ground,
  type GroundKind,
  type ModerationTarget,
} from "./grounds";

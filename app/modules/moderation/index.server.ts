/**
 * The moderation room's public API on the server (lint checks other rooms import only this):
 * takedowns with their statements of reasons and appeals, the public's reports. It reads the content
 * tables itself and imports no content room, so maps, spots and posts can ask `isTakenDown` before
 * they publish.
 */
export {
  appeal,
  decideAppeal,
  formatNoticeDate,
  listTakedowns,
  noticesFor,
  restore,
  takeDown,
  type ModerationResult,
  type TakedownRow,
} from "./takedowns.server";
export { createReport, listReports, reportableTarget, REPORTS_PAGE, settleReport, type ReportRow } from "./reports.server";
export { findTarget, isTakenDown, takenDownOf, type TargetInfo } from "./targets.server";

/**
 * A creator's supporters as a CSV file (/studio/supporters.csv). Server-only, like the CSV writer
 * it uses (~/lib/csv.server): the Studio's pages import the browser-safe supporters.ts.
 */
import { csvText } from "~/lib/csv.server";
import type { Interval } from "~/modules/memberships";
import type { CurrentSupporter, FormerSupporter } from "./supporters";

export const SUPPORTERS_CSV_HEADER = ["handle", "display name", "plan interval", "status", "since", "ended", "next renewal"] as const;

const isoDay = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : "");

function csvStatus(s: CurrentSupporter): string {
  if (s.status === "cancelling") return `cancels on ${isoDay(s.endsOn)}`;
  if (s.status === "past_due") return "payment overdue";
  return s.status;
}

/** Every supporter, current then former: handle, display name, interval, status, dates (UTC days). No email, no user id. */
export function supportersCsv(current: CurrentSupporter[], former: FormerSupporter[]): string {
  const interval = (i: Interval) => (i === "year" ? "yearly" : "monthly");
  return csvText(SUPPORTERS_CSV_HEADER, [
    ...current.map((s) => [s.handle ?? "", s.displayName ?? "", interval(s.interval), csvStatus(s), isoDay(s.since), "", isoDay(s.nextRenewal)]),
    ...former.map((s) => [s.handle ?? "", s.displayName ?? "", interval(s.interval), "ended", isoDay(s.since), isoDay(s.ended), ""]),
  ]);
}

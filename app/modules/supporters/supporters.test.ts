import { describe, expect, it } from "vitest";
import { churnOf, formatChurn, monthLabel, type CurrentSupporter } from "./supporters";
import { supportersCsv } from "./supporters-csv.server";

const supporter = (over: Partial<CurrentSupporter>): CurrentSupporter => ({
  key: "k",
  handle: "ana",
  displayName: "Ana",
  interval: "month",
  status: "active",
  since: new Date("2026-03-10T09:00:00Z"),
  trialEnd: null,
  endsOn: null,
  nextRenewal: new Date("2026-12-10T09:00:00Z"),
  ...over,
});

describe("supporters' figures", () => {
  it("churn is ended over those at the month's start, and none without anyone", () => {
    expect(churnOf(1, 3)).toBeCloseTo(1 / 3);
    expect(churnOf(0, 0)).toBeNull();
    expect(formatChurn(1 / 3)).toBe("33.3%");
    expect(formatChurn(0.25)).toBe("25%");
    expect(formatChurn(0)).toBe("0%");
    expect(formatChurn(null)).toBe("—");
  });

  it("names months in UTC", () => {
    expect(monthLabel("2026-01")).toBe("Jan 2026");
    expect(monthLabel("2026-12", "long")).toBe("December 2026");
  });
});

describe("the supporters CSV", () => {
  it("quotes what needs quoting, and never lets a name run as a spreadsheet formula", () => {
    const csv = supportersCsv(
      [
        supporter({ displayName: 'Ana "the map" Pérez, Jr.' }),
        supporter({ handle: null, displayName: '=HYPERLINK("http://evil")' }),
        supporter({ handle: null, displayName: "+34 600", status: "past_due", interval: "year" }),
      ],
      [],
    );
    expect(csv.split("\r\n")).toEqual([
      "handle,display name,plan interval,status,since,ended,next renewal",
      'ana,"Ana ""the map"" Pérez, Jr.",monthly,active,2026-03-10,,2026-12-10',
      `,"'=HYPERLINK(""http://evil"")",monthly,active,2026-03-10,,2026-12-10`,
      `,'+34 600,yearly,payment overdue,2026-03-10,,2026-12-10`,
      "",
    ]);
  });
});

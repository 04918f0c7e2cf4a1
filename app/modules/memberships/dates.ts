/** Days as members read them on /account and their receipts: "23 November 2026". */

// UTC, so the server and the browser print the same day.
const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" });

export const formatDay = (d: Date | string | null) => (d ? day.format(new Date(d)) : "");

/** "23 November 2026 – 23 December 2026", or "" without both ends. */
export const formatPeriod = (start: Date | string | null, end: Date | string | null) => (start && end ? `${formatDay(start)} – ${formatDay(end)}` : "");

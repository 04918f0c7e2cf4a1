/**
 * The supporters room's public API on the server: what other modules may import from it (lint checks it).
 * It owns a creator's view of who supports them: the lists, the monthly figures and churn, the CSV.
 */
export { supporterLists, supporterMonths, supportersOverview } from "./supporters.server";
export { SUPPORTERS_CSV_HEADER, supportersCsv } from "./supporters-csv.server";

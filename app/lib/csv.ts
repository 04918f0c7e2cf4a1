import { stringify } from "csv-stringify/sync";

/**
 * A CSV file as spreadsheets read it (RFC 4180: CRLF line ends, quoted where needed). A field a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) is written with an apostrophe
 * before it, so a name like "=HYPERLINK(...)" in an export stays text.
 */
export function csvText(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return stringify([header, ...rows.map((row) => row.map((v) => v ?? ""))], { record_delimiter: "windows", escape_formulas: true });
}

import { stringify } from "csv-stringify/sync";

/**
 * A CSV file as spreadsheets read it (RFC 4180: CRLF line ends, quoted where needed). A field a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) is written with an apostrophe
 * before it, so a name like "=HYPERLINK(...)" in an export stays text.
 *
 * Server-only: csv-stringify calls Node's `Buffer` when it is loaded, so a browser module that
 * imported it would fail to load (issue 23: the Studio's Supporters link reloaded /studio).
 */
export function csvText(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return stringify([header, ...rows.map((row) => row.map((v) => v ?? ""))], { record_delimiter: "windows", escape_formulas: true });
}

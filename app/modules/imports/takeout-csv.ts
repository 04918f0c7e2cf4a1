/**
 * A Google Takeout saved list (`Takeout/Saved/<List>.csv`): one list per file,
 * named after the file. The CSV has no coordinate columns; a row's position
 * comes only from its URL (dropped pins), otherwise it needs a place later.
 *
 * Shapes read (the real exports vary): headers `Title,Note,URL,Tags,Comment`,
 * `Title,Note,URL,Comment` and `Title,Note,URL`; an optional description
 * record and blank line before the header; empty `,,,,` rows (skipped and
 * counted); quoted notes with commas, line breaks and emoji; BOM and CRLF.
 * Exact duplicate rows stay rows, so that every line read is accounted for:
 * the preview marks a repeat as one place, and the confirm keeps it out of
 * the review queue (import-preview.server.ts).
 */
import { CsvError } from "csv-parse";
import { parse } from "csv-parse/sync";
import { readGoogleMapsUrl } from "./google-urls";
import { truncateOriginal } from "./import-fields";
import { IMPORT_LIMITS, type ImportRow, type ParseOutcome } from "./import-row";

const HEADERS = [
  ["title", "note", "url", "tags", "comment"],
  ["title", "note", "url", "comment"],
  ["title", "note", "url"],
] as const;

type Column = (typeof HEADERS)[number][number];

interface CsvRecord {
  record: string[];
  raw: string;
  /** The line the record ends on, as csv-parse counts. */
  lines: number;
}

class StopReading extends Error {}

export interface TakeoutCsvOptions {
  /** Stop reading after this many rows (plus one, so the caller sees the list is over the limit). */
  maxRows?: number;
}

function fileBaseName(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.csv$/i, "") || base;
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}

function matchHeader(fields: string[]): Column[] | null {
  const names = fields.map((field) => field.trim().toLowerCase());
  // A trailing empty field ("Title,Note,URL,") is a stray comma, not a column.
  while (names.length > 3 && names[names.length - 1] === "") names.pop();
  const header = HEADERS.find((candidate) => candidate.length === names.length && candidate.every((name, i) => names[i] === name));
  return header ? [...header] : null;
}

function isBlank(fields: string[]): boolean {
  return fields.every((field) => field.trim() === "");
}

/** The first line of a record: csv-parse reports the line it ends on. */
function firstLine(entry: CsvRecord): number {
  const body = entry.raw.endsWith("\n") ? entry.raw.slice(0, -1) : entry.raw;
  return entry.lines - (body.match(/\n/g)?.length ?? 0);
}

/** `startLine`: where the record that failed begins (csv-parse names the line it gave up on, which for an open quote is the file's end). */
function csvErrorMessage(file: string, error: CsvError, startLine: number): string {
  const line = (error as CsvError & { lines?: number }).lines;
  const where = line ? `${file}: line ${line}` : file;
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return `${file}: line ${startLine}: a quoted field opened in this record is never closed, so the file is cut short or not a CSV.`;
    case "CSV_MAX_RECORD_SIZE":
      return `${where}: a record is too long to be a saved place.`;
    default:
      return `${where}: this is not a CSV we can read (${error.message}).`;
  }
}

function headerMessage(file: string, line: number, found: string[]): string {
  const text = found.join(",").replace(/\s+/g, " ").trim();
  const shown = text.length > 80 ? `${text.slice(0, 80)}…` : text;
  return `${file}: line ${line}: not a Google Takeout saved list. Expected the header "Title,Note,URL" (with Tags and Comment when the list has them), found "${shown}".`;
}

/**
 * Tags are the creator's private labels ("⭐ Favourites", "🍜 Ramen", emoji
 * kept, since the emoji is how they marked it): every one is kept as a label,
 * which only the creator sees in the Studio. A tag is never a category and
 * never written into the note, both of which are public.
 */
function splitTags(value: string): string[] {
  return value
    .split(";")
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** The note and the comment are both the creator's words; they are kept together, note first. */
function joinNote(parts: (string | null)[]): string | null {
  const kept = parts.map((part) => part?.trim() ?? "").filter(Boolean);
  return kept.length ? kept.join("\n\n") : null;
}

/**
 * A dropped pin's URL holds a comma (`/maps/search/21.0285,105.8542`). A
 * writer that did not quote it splits the record there; the two halves are
 * put back together so the pin keeps its position instead of becoming an
 * invalid row.
 */
function rejoinSplitUrl(fields: string[], columns: Column[]): string[] {
  const at = columns.indexOf("url");
  if (fields.length <= columns.length || at < 0) return fields;
  const head = fields[at] ?? "";
  const tail = fields[at + 1] ?? "";
  if (!/\/maps\/(?:search|place)\/[-+]?\d{1,3}(?:\.\d+)?$/.test(head) || !/^\s*\+?[-+]?\d{1,3}(?:\.\d+)?(?:[/?#]|$)/.test(tail)) return fields;
  return [...fields.slice(0, at), `${head},${tail}`, ...fields.slice(at + 2)];
}

function toRow(file: string, columns: Column[], entry: CsvRecord, line: number): ImportRow {
  const fields = rejoinSplitUrl(entry.record, columns);
  const value = (column: Column): string => {
    const at = columns.indexOf(column);
    return at >= 0 ? (fields[at] ?? "").trim() : "";
  };
  const title = value("title");
  const url = value("url");
  const tags = splitTags(value("tags"));
  const link = url ? readGoogleMapsUrl(url) : null;

  const note = joinNote([value("note"), value("comment")]);
  // An untitled row of a place link still names the place in the link (`/maps/place/<name>/`).
  const name = title || link?.placeName || null;

  let invalid: string | null = null;
  const extra = fields.slice(columns.length).filter((field) => field.trim() !== "");
  if (extra.length > 0) invalid = `Line ${line} has ${entry.record.length} fields but the header has ${columns.length}`;
  else if (url && !link) invalid = `Not a link: ${url}`;
  else if (link && !link.isPlace) invalid = `Not a place: ${url}`;
  else if (!name && !link) invalid = "No title and no link to a place";

  return {
    file,
    ref: `line ${line}`,
    name,
    note,
    url: url || null,
    address: null,
    category: null,
    photos: [],
    labels: [...new Set(tags)],
    lat: link?.coordinates?.lat ?? null,
    lng: link?.coordinates?.lng ?? null,
    importKey: link?.importKey ?? null,
    original: truncateOriginal(entry.raw.replace(/\n$/, "")),
    invalid,
  };
}

type HeaderSearch =
  /** `columns` null: a description and nothing after it, an empty list that kept its description. */
  { ok: true; columns: Column[] | null; description: string | null; next: number } | { ok: false; line: number; found: string[] };

/** Before the header there may be the list's description (one record, often quoted over several lines) and blank lines. */
function findHeader(records: CsvRecord[]): HeaderSearch {
  const first = matchHeader(records[0].record);
  if (first) return { ok: true, columns: first, description: null, next: 1 };
  let at = 1;
  while (at < records.length && isBlank(records[at].record)) at += 1;
  const description = records[0].record.join(",").trim() || null;
  const candidate = records[at];
  // A description with nothing after it is an empty list; one line of anything else is not a saved list.
  if (!candidate) return at > 1 ? { ok: true, columns: null, description, next: at } : { ok: false, line: 1, found: records[0].record };
  const columns = matchHeader(candidate.record);
  // Without a blank line between them, the first line is as likely a wrong header as a description: name it.
  if (!columns) return at > 1 ? { ok: false, line: firstLine(candidate), found: candidate.record } : { ok: false, line: 1, found: records[0].record };
  return { ok: true, columns, description, next: at + 1 };
}

export function parseTakeoutCsv(file: string, text: string, options: TakeoutCsvOptions = {}): ParseOutcome {
  const maxRows = options.maxRows ?? IMPORT_LIMITS.maxRows;
  // One line ending for the parser's line numbers and the notes: Windows' CRLF and old Mac CR become LF.
  const source = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (source.trim() === "") return { lists: [], errors: [{ file, message: `${file}: the file is empty.` }] };

  // Records are collected as they are read so that a file far over the row limit stops being read there.
  const records: CsvRecord[] = [];
  let filled = 0;
  let stopped = false;
  try {
    parse(source, {
      record_delimiter: "\n",
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      raw: true,
      on_record: (value, context) => {
        // With `raw: true` csv-parse hands over `{ record, raw }`; its types only know the bare record.
        const read = value as unknown as { record: string[]; raw: string };
        records.push({ record: read.record, raw: read.raw, lines: context.lines });
        if (!isBlank(read.record)) filled += 1;
        // Past the header, the description and one row more than the limit, the answer is known.
        if (filled > maxRows + 3) throw new StopReading();
        return null;
      },
    });
  } catch (error) {
    if (error instanceof StopReading) stopped = true;
    else if (error instanceof CsvError) {
      const startLine = records.length > 0 ? records[records.length - 1].lines + 1 : 1;
      return { lists: [], errors: [{ file, message: csvErrorMessage(file, error, startLine) }] };
    } else throw error;
  }

  const header = findHeader(records);
  if (!header.ok) return { lists: [], errors: [{ file, message: headerMessage(file, header.line, header.found) }] };
  const { description } = header;
  // No header after the description: a list with nothing in it.
  const columns = header.columns ?? HEADERS[2].slice();

  const rows: ImportRow[] = [];
  let emptyRows = 0;
  for (const entry of records.slice(header.next)) {
    // A bare blank line (the file's last newline, say) is not a row; `,,,,` is one the export wrote empty.
    if (entry.record.length === 1 && entry.record[0].trim() === "") continue;
    if (isBlank(entry.record)) {
      emptyRows += 1;
      continue;
    }
    if (rows.length > maxRows) {
      stopped = true;
      break;
    }
    rows.push(toRow(file, columns, entry, firstLine(entry)));
  }

  const notices: string[] = [];
  if (emptyRows > 0) notices.push(`${plural(emptyRows, "empty row", "empty rows")} skipped.`);
  if (rows.length === 0) notices.push(`${fileBaseName(file)} has no places${description ? ", only its description" : ""}.`);
  if (stopped) notices.push(`Reading stopped after ${plural(rows.length, "row", "rows")}: one import takes at most ${maxRows.toLocaleString("en-US")}.`);
  const webPages = rows.filter((row) => row.invalid?.startsWith("Not a place")).length;
  if (webPages > 0) notices.push(`${plural(webPages, "row links", "rows link")} to a web page, not a place on Google Maps.`);

  return {
    lists: [{ file, format: "takeout-csv", name: fileBaseName(file), description, rows, notices }],
    errors: [],
  };
}

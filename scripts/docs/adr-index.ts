/**
 * The index of the ADRs (`docs/decisions/README.md`): one row per decision with its title and
 * status, read from the files themselves so the index cannot drift from them.
 * `npx tsx scripts/docs/adr-index.ts` rewrites it; `adr-index.test.ts` fails when it is stale.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const DECISIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../docs/decisions");
export const INDEX_FILE = path.join(DECISIONS_DIR, "README.md");

interface Decision {
  file: string;
  number: string;
  title: string;
  date: string;
  status: string;
}

export function readDecisions(dir = DECISIONS_DIR): Decision[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}-.+\.md$/.test(file))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(dir, file), "utf8");
      const heading = /^# (\d{4}) — (.+)$/m.exec(text);
      if (!heading) throw new Error(`${file}: the first line must be "# NNNN — Title"`);
      const field = (name: string) => new RegExp(`^${name}: (.+)$`, "m").exec(text)?.[1]?.trim();
      const status = field("Status");
      const date = field("Date");
      if (!status || !date) throw new Error(`${file}: needs a "Date:" and a "Status:" line`);
      return { file, number: heading[1]!, title: heading[2]!, date, status };
    });
}

export function renderIndex(decisions: Decision[]): string {
  const cell = (s: string) => s.replace(/\|/g, "\\|");
  const rows = decisions.map((d) => `| [${d.number}](${d.file}) | ${cell(d.title)} | ${d.date} | ${cell(d.status)} |`);
  return [
    "# Architecture decisions",
    "",
    "Why the code is the way it is: one short record per decision (context, decision, consequences).",
    "A new one takes the next number, a `Date:` and a `Status:` line; a decision that replaces an",
    "older one says so in both. This index is generated from the files",
    "(`npx tsx scripts/docs/adr-index.ts`); a unit test fails when it is stale.",
    "",
    "| # | decision | date | status |",
    "|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  writeFileSync(INDEX_FILE, renderIndex(readDecisions()));
  console.log(`wrote ${path.relative(process.cwd(), INDEX_FILE)}`);
}

/**
 * Full-text queries over the `fts` columns (db/schema: SEARCH_CONFIG, english without accents),
 * shared by site search (modules/search) and Explore (modules/spots).
 *
 *  - `typedQuery`: what was typed, websearch style ("quoted phrase", -not, or).
 *  - `prefixQuery`: the typed words with the last one as the start of a word, for a query typed
 *    as far as part of a word ("park gu" -> 'park' & 'gu':*).
 */
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { SEARCH_CONFIG } from "#db/schema";

const CONFIG = sql.raw(`'${SEARCH_CONFIG}'`);

/** A quoted `to_tsquery` operand: quoting keeps any word literal (the configuration still normalises it). */
export const operand = (word: string) => `'${word.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/** Words looked at when the last one is taken as a prefix; the shortest prefix searched. */
const PREFIX_WORDS = 6;
const PREFIX_MIN = 2;

/**
 * The query as `to_tsquery` text with its last word as a prefix, or null when the last word is
 * too short to narrow anything (or longer than `maxLast`). Quotes and operators are dropped.
 */
export function prefixQuery(q: string, opts: { maxLast?: number } = {}): string | null {
  const words = q
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, PREFIX_WORDS);
  const last = words.at(-1);
  if (!last || last.length < PREFIX_MIN || last.length > (opts.maxLast ?? Infinity)) return null;
  return [...words.slice(0, -1).map(operand), `${operand(last)}:*`].join(" & ");
}

/** What was typed, websearch style, in SEARCH_CONFIG (or 'simple', for handles); the text may be a statement's placeholder. */
export function typedQuery(q: string | Placeholder, config: typeof SEARCH_CONFIG | "simple" = SEARCH_CONFIG): SQL {
  return sql`websearch_to_tsquery(${config === SEARCH_CONFIG ? CONFIG : sql.raw("'simple'")}, ${q})`;
}

/** `to_tsquery` text (prefixQuery's, the spelling correction's) in SEARCH_CONFIG (or 'simple'). */
export function textQuery(text: string | Placeholder, config: typeof SEARCH_CONFIG | "simple" = SEARCH_CONFIG): SQL {
  return sql`to_tsquery(${config === SEARCH_CONFIG ? CONFIG : sql.raw("'simple'")}, ${text})`;
}

/**
 * Spelling correction for search: each typed word is looked up in the search
 * lexicon (`search_words`, the distinct words of spot names, map titles and
 * creator names; see db/schema/search.ts) by trigram similarity, and the query
 * becomes a `to_tsquery` text that asks for every typed word or one of its
 * nearest lexicon words: "bodga quimet" -> ('bodga' | 'bodega') & ('quimet').
 *
 * The trigram pass runs over the lexicon's short words, not over a million
 * names; the full-text indexes then do the rest, under the same visibility
 * conditions as any search.
 */
import { sql } from "drizzle-orm";
import { executeKept, type Database } from "~/lib/db.server";
import { operand } from "~/lib/text-search.server";
import { SEARCH_CONFIG } from "#db/schema";

/** Nearest lexicon words tried per typed word. */
const ALTERNATIVES = 3;
/**
 * How much less similar than the nearest word an alternative may be. Without
 * it "barcelna" would also ask for "bar" (similarity 0.3 against 0.58 for
 * "barcelona"): every bar in the world, for a typo of a city.
 */
const SPREAD = 0.2;
/** Typed words corrected at most; a longer query is cut (nobody misspells ten words). */
const MAX_WORDS = 6;

/**
 * The query with each word widened to its nearest lexicon words, as `to_tsquery`
 * text (for SEARCH_CONFIG; the lexicon and the typed words are both without accents), or null when no word has a near word other than itself: then
 * a second search could only find what the first one found.
 */
export async function correctSpelling(db: Database, q: string): Promise<string | null> {
  const rows = await executeKept<{ typed: string; word: string | null; similarity: number | null }>(
    db,
    sql`
    select t.word as typed, n.word, n.similarity
    from (select word from search_words_in(${q}) word limit ${MAX_WORDS}) t
    left join lateral (
      select l.word, similarity(l.word, t.word)::float8 as similarity from search_words l
      where l.word % t.word
      order by l.word <-> t.word, l.word
      limit ${ALTERNATIVES}
    ) n on true
    -- Stop words are not indexed: widening them would only demand their neighbours.
    where to_tsvector(${sql.raw(`'${SEARCH_CONFIG}'`)}, t.word) <> ''::tsvector`,
  );

  const nearest = new Map<string, { word: string; similarity: number }[]>();
  for (const r of rows) {
    const list = nearest.get(r.typed) ?? [];
    if (r.word !== null) list.push({ word: r.word, similarity: Number(r.similarity) });
    nearest.set(r.typed, list);
  }
  const corrections = [...nearest].map(([typed, near]) => {
    const best = Math.max(0, ...near.map((n) => n.similarity));
    return { typed, alternatives: near.filter((n) => n.similarity >= best - SPREAD).map((n) => n.word) };
  });
  if (!corrections.some((c) => c.alternatives.some((a) => a !== c.typed))) return null;
  return corrections.map((c) => `(${[...new Set([c.typed, ...c.alternatives])].map(operand).join(" | ")})`).join(" & ");
}

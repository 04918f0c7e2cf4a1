/**
 * One search over spots, maps, creators, posts and destinations (spec section 2's
 * search panel and the /search page).
 *
 *  - Spots, maps, creators: websearch-style full text on their `fts` columns,
 *    published content of published creators only (spots from the spots
 *    module's relation, maps and creators through the gate's SQL form),
 *    ranked by ts_rank.
 *    Gated spots a viewer may not open are left out entirely: their text
 *    (address included) must not be searchable by those who cannot read it.
 *  - When full text finds little (a typo), the query is searched again with
 *    each word widened to its nearest words of the search lexicon
 *    (spelling.server.ts): a trigram pass over tens of thousands of distinct
 *    words, not over a million names.
 *  - Posts: published posts of published creators, by their title for every
 *    viewer who may know the post exists (a locked post is found by its title
 *    and shown with its teaser), by their body only for viewers who may read
 *    it: a gated body is never searchable by those who cannot read it, and
 *    does not even weigh in the order of their results.
 *  - Destinations: city names by prefix, larger cities first; when the prefix
 *    finds little, by trigram similarity too.
 * Each group returns its first results and its total count.
 */
import { sql, type SQL } from "drizzle-orm";
import { SPOT_SEARCH_SHARDS, spotShardCondition } from "#db/schema";
import type { Database } from "~/lib/db.server";
import { NO_ENTITLEMENTS, type Entitlements } from "~/modules/gate";
import { beyondPublicSpotSql, canSeeSql, canViewSql, listedPublicSpotSql, mapItem, postItem } from "~/modules/gate/index.server";
import { listedPostSql, postCardsByIds, type PostSummary } from "~/modules/posts/index.server";
import { publishedCreatorSql } from "~/modules/creators/index.server";
import type { FullSpot } from "~/modules/spots";
import { visibleSpots } from "~/modules/spots/index.server";
// Full-text hits are collected up to the cap, then ranked: counting and ranking every hit of a
// common word is what made search slow at a million spots.
import { SEARCH_COUNT_CAP } from "./count";
import { correctSpelling } from "./spelling.server";

export const SEARCH_LIMIT = 20;
export const QUERY_MAX = 200;
/** Below this many hits, spelling-corrected hits (similar city names for destinations) are added. */
const FUZZY_BELOW = 3;

/** A spot found: only spots the viewer may open in full are found, so a hit is part of a FullSpot, and its map. */
export type SpotHit = Pick<FullSpot, "id" | "slug" | "name" | "summary" | "coverImageUrl"> & { mapId: string; mapSlug: string };
export interface MapHit {
  id: string;
  currentSlug: string;
  title: string;
  summary: string | null;
  coverImageUrl: string | null;
}
export interface CreatorHit {
  id: string;
  handle: string;
  displayName: string | null;
  bioText: string | null;
  profileImageUrl: string | null;
}
/** A post found: its title and teaser (never its body), and whether it opens in full for this viewer. */
export interface PostHit {
  id: string;
  slug: string;
  title: string;
  teaser: string;
  locked: boolean;
  creator: { handle: string; displayName: string | null };
}
export interface DestinationHit {
  id: number;
  name: string;
  country: string;
}

export interface Group<T> {
  items: T[];
  count: number;
}
export interface SearchResults {
  query: string;
  spots: Group<SpotHit>;
  maps: Group<MapHit>;
  creators: Group<CreatorHit>;
  posts: Group<PostHit>;
  destinations: Group<DestinationHit>;
}

export function normaliseQuery(q: string | null | undefined): string {
  return (q ?? "").replace(/\s+/g, " ").trim().slice(0, QUERY_MAX);
}

const rows = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** A page of ranked full-text hits and how many there are (up to the cap). */
interface Page<T> {
  items: T[];
  total: number;
}

/**
 * What a group's full-text search matches: the typed query (websearch syntax),
 * or the spelling-corrected one (`to_tsquery` text, see spelling.server.ts).
 */
type Match = { typed: string } | { corrected: string };

/**
 * The tsquery, written out where it is used (not in a CTE): with constant
 * arguments the planner folds it and estimates from the index statistics.
 */
const tsquery = (match: Match, config: "english" | "simple" = "english"): SQL => {
  const c = sql.raw(`'${config}'`);
  return "typed" in match ? sql`websearch_to_tsquery(${c}, ${match.typed})` : sql`to_tsquery(${c}, ${match.corrected})`;
};

function page<T extends { total?: number }>(found: T[]): Page<Omit<T, "total">> {
  return { items: found.map(strip), total: found[0]?.total ?? 0 };
}

/**
 * The first hits among listed public spots, shard by shard (db/schema/maps.ts,
 * ADR 0023): each shard's partial index is asked in order and the scan stops
 * at the cap, so a word or phrase in a tenth of all spots builds one shard's
 * bitmap instead of one over every hit. The bounds are written as constants
 * so the planner matches each part to its index.
 */
function listedPublicHits(q: SQL): SQL {
  const parts = SPOT_SEARCH_SHARDS.map(
    (shard) =>
      sql`(select s.id, s.name, s.fts from spots s where ${listedPublicSpotSql("s")} and ${sql.raw(spotShardCondition(shard, "s"))} and s.fts @@ ${q})`,
  );
  return sql`select * from (${sql.join(parts, sql` union all `)}) shards limit ${SEARCH_COUNT_CAP}`;
}

async function spotPage(db: Database, match: Match, viewer: Entitlements): Promise<Page<SpotHit>> {
  const q = tsquery(match);
  // Candidates in two disjoint parts, each from its own partial index (db/schema/maps.ts):
  // listed public spots, which anyone may open in full, from `spots` alone, without joining
  // maps and profiles for every hit; then, for viewers who may open more, the other spots the
  // gate lets them open in full, checked one by one (a lateral lookup, not a join over every
  // visible spot). Only spots the viewer may open are searchable: a locked spot's text (its
  // address included) must not be findable.
  const anyone = listedPublicHits(q);
  const beyond = beyondPublicSpotSql(viewer, "o");
  const gate = visibleSpots(db, viewer);
  const more = sql`select o.id, o.name, o.fts from spots o
    cross join lateral (select 1 from ${gate} where ${gate.id} = o.id and ${gate.access} = 'full' limit 1) opened
    where not (${listedPublicSpotSql("o")}) and o.fts @@ ${q} and ${beyond}
    limit ${SEARCH_COUNT_CAP}`;
  const candidates = beyond ? sql`(${anyone}) union all (${more})` : anyone;
  // Ranked over the bounded candidates; the page's rows are then read through the gate itself
  // (visibleSpots), which decides what is shown whatever the candidates were.
  const shown = visibleSpots(db, viewer);
  return page(
    rows<SpotHit & { total: number }>(
      await db.execute(sql`
        with hits as materialized (${candidates}),
        top as materialized (select id, ts_rank(fts, ${q}) as rank, name from hits order by rank desc, name limit ${SEARCH_LIMIT})
        select ${shown.id} as id, ${shown.slug} as slug, ${shown.name} as name, ${shown.summary} as summary,
               ${shown.coverImageUrl} as "coverImageUrl", ${shown.mapId} as "mapId", ${shown.mapSlug} as "mapSlug",
               least((select count(*) from hits), ${SEARCH_COUNT_CAP})::int as total
        from top join ${shown} on ${shown.id} = top.id
        where ${shown.access} = 'full'
        order by top.rank desc, top.name`),
    ),
  );
}

async function mapPage(db: Database, match: Match): Promise<Page<MapHit>> {
  const q = tsquery(match);
  // Candidates from listed maps (published, by a published creator) alone, through their partial
  // index; the page's rows are then checked against the gate itself.
  return page(
    rows<MapHit & { total: number }>(
      await db.execute(sql`
        with hits as materialized (
          select id, title, fts from maps where listed and fts @@ ${q} limit ${SEARCH_COUNT_CAP}
        ),
        top as materialized (select id, ts_rank(fts, ${q}) as rank, title from hits order by rank desc, title limit ${SEARCH_LIMIT})
        select maps.id, maps.current_slug as "currentSlug", maps.title, maps.summary, maps.cover_image_url as "coverImageUrl",
               (select count(*) from hits)::int as total
        from top join maps on maps.id = top.id join profiles on profiles.id = maps.owner_id
        where ${canSeeSql(NO_ENTITLEMENTS, mapItem)}
        order by top.rank desc, top.title`),
    ),
  );
}

async function creatorPage(db: Database, match: Match): Promise<Page<CreatorHit>> {
  // Handles are indexed unstemmed ('simple'), names and bios stemmed ('english'): ask both.
  return page(
    rows<CreatorHit & { total: number }>(
      await db.execute(sql`
        with hits as materialized (
          select profiles.id, profiles.handle, profiles.display_name, profiles.bio_text, profiles.profile_image_url, profiles.fts
          from profiles
          where ${publishedCreatorSql} and profiles.handle is not null
            and profiles.fts @@ (${tsquery(match)} || ${tsquery(match, "simple")})
          limit ${SEARCH_COUNT_CAP}
        )
        select id, handle, display_name as "displayName", bio_text as "bioText", profile_image_url as "profileImageUrl",
               (select count(*) from hits)::int as total
        from hits
        order by ts_rank(fts, ${tsquery(match)} || ${tsquery(match, "simple")}) desc, handle
        limit ${SEARCH_LIMIT}`),
    ),
  );
}

function postHit(card: PostSummary): PostHit {
  return {
    id: card.id,
    slug: card.slug,
    title: card.title,
    teaser: card.teaser,
    locked: card.access === "locked",
    creator: { handle: card.creator.handle, displayName: card.creator.displayName },
  };
}

async function postPage(db: Database, match: Match, viewer: Entitlements, now: Date): Promise<Page<PostHit>> {
  const q = tsquery(match);
  const item = postItem(now);
  // The body counts only where the viewer may read it: for matching and for the rank alike.
  const readable = canViewSql(viewer, item);
  const found = rows<{ id: string; total: number }>(
    await db.execute(sql`
      with hits as materialized (
        select posts.id, posts.title,
               ts_rank(posts.title_fts, ${q}) * 2 + (case when ${readable} and posts.body_fts @@ ${q} then ts_rank(posts.body_fts, ${q}) else 0 end) as rank
        from posts join profiles on profiles.id = posts.creator_id
        where ${listedPostSql(viewer, now)}
          and (posts.title_fts @@ ${q} or (posts.body_fts @@ ${q} and ${readable}))
        limit ${SEARCH_COUNT_CAP}
      )
      select id, (select count(*) from hits)::int as total from hits order by rank desc, title limit ${SEARCH_LIMIT}`),
  );
  // The page's posts are read (and gated, a locked one without its body) by the posts room.
  const cards = new Map(
    (
      await postCardsByIds(
        db,
        found.map((f) => f.id),
        viewer,
        now,
      )
    ).map((c) => [c.id, c]),
  );
  return { items: found.flatMap((f) => (cards.has(f.id) ? [postHit(cards.get(f.id)!)] : [])), total: found[0]?.total ?? 0 };
}

/**
 * A group's full-text hits; when they are few (a typo), the hits of the
 * spelling-corrected query follow them. `corrected` is shared by the groups of
 * one search, so the lexicon is read at most once.
 */
async function withTypoTolerance<T extends { id: string }>(
  find: (match: Match) => Promise<Page<T>>,
  typed: string,
  corrected: () => Promise<string | null>,
): Promise<Group<T>> {
  const exact = await find({ typed });
  if (exact.items.length >= FUZZY_BELOW) return { items: exact.items, count: exact.total };
  const correction = await corrected();
  if (!correction) return { items: exact.items, count: exact.total };
  return merge(exact, await find({ corrected: correction }));
}

export async function searchDestinations(db: Database, q: string): Promise<Group<DestinationHit>> {
  const needle = q.toLowerCase();
  const prefix = needle.replace(/[\\%_]/g, (c) => `\\${c}`) + "%";
  // Similar names only when the prefix finds little: a trigram pass over every
  // city for a short prefix like "par" costs more than the rest of the search.
  const found = rows<DestinationHit & { total: number }>(
    await db.execute(sql`
      with prefixed as materialized (
        select id, name, country, population from cities where lower(name) like ${prefix}
      )
      select id, name, country, count(*) over()::int as total from (
        select id, name, country, population, 0 as tier from prefixed
        union all
        select id, name, country, population, 1 as tier from cities
          where (select count(*) from prefixed) < ${FUZZY_BELOW} and lower(name) % ${needle} and lower(name) not like ${prefix}
      ) c
      order by tier, population desc, name
      limit ${SEARCH_LIMIT}`),
  );
  return { items: found.map(strip), count: found[0]?.total ?? 0 };
}

function strip<T extends { total?: number }>(row: T): Omit<T, "total"> {
  const { total: _total, ...rest } = row;
  return rest;
}

/**
 * Full-text hits first, then corrected hits not already there. Every typed
 * word stays one of the corrected query's alternatives, so its hits mostly
 * include the exact ones: the larger total is the count.
 */
function merge<T extends { id: string }>(exact: Page<T>, similar: Page<T>): Group<T> {
  const seen = new Set(exact.items.map((r) => r.id));
  const items = [...exact.items, ...similar.items.filter((r) => !seen.has(r.id))].slice(0, SEARCH_LIMIT);
  return { items, count: Math.max(exact.total, similar.total, items.length) };
}

const EMPTY = { items: [], count: 0 };

export async function search(db: Database, rawQuery: string, viewer: Entitlements, now = new Date()): Promise<SearchResults> {
  const query = normaliseQuery(rawQuery);
  if (!query) return { query, spots: EMPTY, maps: EMPTY, creators: EMPTY, posts: EMPTY, destinations: EMPTY };
  let correction: Promise<string | null> | undefined;
  const corrected = () => (correction ??= correctSpelling(db, query));
  const [spots, maps, creators, posts, destinations] = await Promise.all([
    withTypoTolerance((match) => spotPage(db, match, viewer), query, corrected),
    withTypoTolerance((match) => mapPage(db, match), query, corrected),
    withTypoTolerance((match) => creatorPage(db, match), query, corrected),
    withTypoTolerance((match) => postPage(db, match, viewer, now), query, corrected),
    searchDestinations(db, query),
  ]);
  return { query, spots, maps, creators, posts, destinations };
}

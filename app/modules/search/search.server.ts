/**
 * One search over spots, maps, creators, posts and destinations (spec section 2's
 * search panel and the /search page).
 *
 *  - Spots, maps, creators: websearch-style full text on their `fts` columns,
 *    published content of published creators only (spots from the spots
 *    module's relation, maps and creators through the gate's SQL form),
 *    ranked by ts_rank. Accents do not matter: the text search configuration
 *    (SEARCH_CONFIG) takes them off indexed and typed words alike.
 *  - A gated spot the viewer may not open is found by its public part only,
 *    its name (an index of listed gated spots' names of its own), and shown
 *    locked: its gated text (summary, address; the description is never
 *    indexed) is never matched for that viewer.
 *  - When a group's full text finds little, a short last word is taken as the
 *    start of a word ("Park Gu" finds "Park Güell"); if the search as a whole
 *    still finds little (a typo), the groups that found little are searched
 *    again with each word widened to its nearest words of the search lexicon
 *    (spelling.server.ts): a trigram pass over tens of thousands of distinct
 *    words, not over a million names.
 *  - Posts: published posts of published creators, by their title for every
 *    viewer who may know the post exists (a locked post is found by its title
 *    and shown with its teaser), by their body only for viewers who may read
 *    it: a gated body is never searchable by those who cannot read it, and
 *    does not even weigh in the order of their results.
 *  - Destinations: city names by prefix, larger cities first; when the prefix
 *    finds little, by trigram similarity too; both without accents.
 * Each group returns its first results and its total count.
 */
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import { FUZZY_CITY_MIN_POPULATION, SEARCH_CONFIG, SPOT_SEARCH_SHARDS, spotShardCondition, UNACCENT_FN } from "#db/schema";
import { executeKept, type Database } from "~/lib/db.server";
import { prefixQuery, textQuery, typedQuery } from "~/lib/text-search.server";
import { NO_ENTITLEMENTS, type Entitlements } from "~/modules/gate";
import { beyondPublicSpotParts, canSeeSql, canViewSql, listedGatedSpotSql, listedPublicSpotSql, mapItem, postItem } from "~/modules/gate/index.server";
import { listedPostSql, postCardsByIds, type PostSummary } from "~/modules/posts/index.server";
import { publishedCreatorSql } from "~/modules/creators/index.server";
import type { FullSpot, LockedSpot } from "~/modules/spots";
import { visibleSpots } from "~/modules/spots/index.server";
// Full-text hits are collected up to the cap, then ranked: counting and ranking every hit of a
// common word is what made search slow at a million spots.
import { SEARCH_COUNT_CAP } from "./count";
import { correctSpelling } from "./spelling.server";

export const SEARCH_LIMIT = 20;
export const QUERY_MAX = 200;
/**
 * A last word this short may be a word typed halfway ("Park Gu"): asked for as a prefix before
 * the spelling correction, which reads words of three letters or more and, from four on, finds
 * the word a partial one is the start of by similarity ("guel" -> "guell"). Longer last words skip
 * the prefix query: for a typo it is one more round of queries that finds nothing.
 */
const PREFIX_LAST_MAX = 3;
/**
 * The least a viewer's own, supporters-only and Premium candidates may take of the cap when public
 * hits fill it (the rest of the time they fill what public hits left).
 */
const BEYOND_AT_LEAST = SEARCH_COUNT_CAP / 4;
/**
 * Below this many hits a group adds its prefix query's hits, the search (its four text groups
 * together) its spelling-corrected hits, and destinations similar town names.
 */
const FUZZY_BELOW = 3;

/**
 * A spot found, and its map: part of a FullSpot when the viewer may open it, else part of the
 * LockedSpot teaser (no summary, no cover), found by its name alone.
 */
export type SpotHit =
  | (Pick<FullSpot, "id" | "slug" | "name" | "summary" | "coverImageUrl"> & { locked: false; mapId: string; mapSlug: string })
  | (Pick<LockedSpot, "id" | "slug" | "name" | "visibility"> & { locked: true; mapId: string; mapSlug: string });
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

/** A page of ranked full-text hits and how many there are (up to the cap). */
interface Page<T> {
  items: T[];
  total: number;
}

/**
 * What a group's full-text search matches: the typed query (websearch syntax),
 * or `to_tsquery` text: the typed words with the last one as a prefix
 * (prefixQuery), or the spelling-corrected query (see spelling.server.ts).
 */
type MatchKind = "typed" | "prefix" | "corrected";
/** The kind shapes the statement; the text is what its placeholder (TEXT) is filled with. */
interface Match {
  kind: MatchKind;
  text: string;
}

/** Where a statement's tsqueries take the match's text: a placeholder, filled on each run ({ text }). */
const TEXT = sql.placeholder("text");

/**
 * The tsquery, as a scalar subquery: PostgreSQL computes it once per run of the
 * statement, where the function written out would be called again for every
 * row ranked. The statements are prepared and keep one generic plan
 * (executeKept, ADR 0049), in which the typed text is a parameter the planner
 * cannot fold, so its estimates are the defaults for `@@` either way.
 */
const tsquery = (kind: MatchKind, config: typeof SEARCH_CONFIG | "simple" = SEARCH_CONFIG): SQL =>
  sql`(select ${kind === "typed" ? typedQuery(TEXT, config) : textQuery(TEXT, config)})`;

/**
 * Statements by shape (group, kind of match, the viewer's entitlements), each built once with the
 * match's text as a placeholder (TEXT): building one from Drizzle's pieces and turning it into
 * text cost a fifth of the app's CPU in a search, the same work each time (ADR 0064). A shape
 * holds nothing but what the viewer's entitlements put in it, so two viewers share one only when
 * their statements are the same. Bounded, oldest out first: a signed-in viewer's shapes hold
 * their ids, so there are as many as there are viewers searching.
 */
const SHAPES_MAX = 500;
const shapes = new Map<string, SQL>();
function shaped(key: string, build: () => SQL): SQL {
  let statement = shapes.get(key);
  if (!statement) {
    if (shapes.size >= SHAPES_MAX) shapes.delete(shapes.keys().next().value!);
    shapes.set(key, (statement = build()));
  }
  return statement;
}

/** A spot's name alone as a tsvector: what a locked spot is matched and ranked by (spots_listed_gated_name_idx). */
const nameVector = (alias: string): SQL => sql.raw(`to_tsvector('${SEARCH_CONFIG}', ${alias}.name)`);

function page<T extends { total?: number }>(found: T[]): Page<Omit<T, "total">> {
  return { items: found.map(strip), total: found[0]?.total ?? 0 };
}

/**
 * The first hits among listed public spots, shard by shard (db/schema/maps.ts,
 * ADR 0023): each shard's partial index is asked in order and the scan stops
 * at the cap, so a word or phrase in a tenth of all spots builds one shard's
 * bitmap instead of one over every hit. The bounds are written as constants
 * so the planner matches each part to its index. Each hit comes ranked.
 */
function listedPublicHits(q: SQL): SQL {
  const parts = SPOT_SEARCH_SHARDS.map(
    (shard) =>
      sql`(select s.id, s.name, ts_rank(s.fts, ${q}) as rank from spots s where ${listedPublicSpotSql("s")} and ${sql.raw(spotShardCondition(shard, "s"))} and s.fts @@ ${q})`,
  );
  return sql`select * from (${sql.join(parts, sql` union all `)}) shards limit ${SEARCH_COUNT_CAP}`;
}

interface SpotRow {
  id: string;
  slug: string;
  name: string;
  summary: string | null;
  coverImageUrl: string | null;
  visibility: LockedSpot["visibility"];
  mapId: string;
  mapSlug: string;
  access: string;
  total: number;
}

/** A row as the viewer may see it: a locked one carries no gated field at all. */
function spotHit(row: SpotRow): SpotHit {
  const { id, slug, name, mapId, mapSlug } = row;
  if (row.access !== "full") return { locked: true, id, slug, name, visibility: row.visibility, mapId, mapSlug };
  return { locked: false, id, slug, name, summary: row.summary, coverImageUrl: row.coverImageUrl, mapId, mapSlug };
}

async function spotPage(db: Database, match: Match, viewer: Entitlements): Promise<Page<SpotHit>> {
  const statement = shaped(`spots ${match.kind} ${JSON.stringify(viewer)}`, () => spotStatement(db, match.kind, viewer));
  const found = await executeKept<SpotRow>(db, statement, { text: match.text });
  return { items: found.map(spotHit), total: found[0]?.total ?? 0 };
}

function spotStatement(db: Database, kind: MatchKind, viewer: Entitlements): SQL {
  const q = tsquery(kind);
  // Candidates in three parts, each from its own index (db/schema/maps.ts):
  // - listed public spots, which anyone may open in full, from `spots` alone, without joining
  //   maps and profiles for every hit;
  // - for viewers who may open more, the other spots they may open in full, part by part (their
  //   own, their creators' supporters-only, Premium), each part exact on `spots`' own columns and
  //   read through its own access path (the gate's search form), so no candidate is checked again;
  // - listed gated spots (premium, supporters: anyone may see them locked) by their name alone,
  //   from an index of their names, so a locked spot's gated text (its summary, its address) is
  //   never what found it.
  // A spot the viewer may open can come from both of the last two: it is ranked once, on its text
  // (for an anonymous visitor the parts cannot overlap: public and gated).
  // Locked candidates only fill what the others left below the cap: a common word's first 1,000
  // open hits are its candidates already (as in ADR 0023, the first ones, not the best), and
  // reading a thousand locked rows besides cost a common word a third more. The viewer's other
  // spots are read up to what the public ones left below the cap, and at least a quarter of it,
  // so a Premium member's common word ranks some Premium spots without reading a thousand more
  // rows than anyone else's (ADR 0045); counts stay exact up to the cap.
  // Each candidate is ranked as it is read, and carries its rank rather than its `fts`: copying a
  // thousand text vectors into each of two materialized steps was a tenth of the database's work
  // in a search.
  const anyone = listedPublicHits(q);
  const parts = beyondPublicSpotParts(viewer, "o");
  const beyond = parts.length > 0;
  const more = sql`select * from (${sql.join(
    // ts_match_vq is `@@` as a function: the planner cannot take it to an index, so a creator's spots
    // are read by their maps and tested one by one instead of ANDed with every hit of the word.
    parts.map(
      (part) =>
        sql`(select o.id, o.name, ts_rank(o.fts, ${q}) as rank from spots o where ${part.where} and ${part.throughMaps ? sql`ts_match_vq(o.fts, ${q})` : sql`o.fts @@ ${q}`})`,
    ),
    sql` union all `,
  )}) beyond limit greatest(${BEYOND_AT_LEAST}, ${SEARCH_COUNT_CAP} - (select count(*) from public_hits))`;
  // Ranked on the name alone: their `fts` is not read at all.
  const locked = sql`select g.id, g.name, ts_rank(${nameVector("g")}, ${q}) as rank from spots g
    where ${listedGatedSpotSql("g")} and ${nameVector("g")} @@ ${q}
    limit greatest(0, ${SEARCH_COUNT_CAP} - (select count(*) from full_hits))`;
  // Ranked over the bounded candidates; the page's rows are then read through the gate itself
  // (visibleSpots), which decides what is shown, and how, whatever the candidates were.
  const shown = visibleSpots(db, viewer);
  return sql`
        with ${beyond ? sql`public_hits as materialized (${anyone}), full_hits as materialized ((select * from public_hits) union all (${more}))` : sql`full_hits as materialized (${anyone})`},
        locked as materialized (${locked}),
        found as materialized (
          select id, name, rank from full_hits
          union all
          select l.id, l.name, l.rank from locked l ${beyond ? sql`where not exists (select 1 from full_hits f where f.id = l.id)` : sql``}
        ),
        top as materialized (select id, rank, name from found order by rank desc, name limit ${SEARCH_LIMIT})
        select ${shown.id} as id, ${shown.slug} as slug, ${shown.name} as name, ${shown.summary} as summary,
               ${shown.coverImageUrl} as "coverImageUrl", ${shown.visibility} as visibility, ${shown.mapId} as "mapId",
               ${shown.mapSlug} as "mapSlug", ${shown.access} as access,
               least((select count(*) from found), ${SEARCH_COUNT_CAP})::int as total
        from top join ${shown} on ${shown.id} = top.id
        order by top.rank desc, top.name`;
}

async function mapPage(db: Database, match: Match): Promise<Page<MapHit>> {
  const statement = shaped(`maps ${match.kind}`, () => mapStatement(match.kind));
  return page(await executeKept<MapHit & { total: number }>(db, statement, { text: match.text }));
}

function mapStatement(kind: MatchKind): SQL {
  const q = tsquery(kind);
  // Candidates from listed maps (published, by a published creator) alone, through their partial
  // index; the page's rows are then checked against the gate itself.
  return sql`
        with hits as materialized (
          select id, title, ts_rank(fts, ${q}) as rank from maps where listed and fts @@ ${q} limit ${SEARCH_COUNT_CAP}
        ),
        top as materialized (select id, rank, title from hits order by rank desc, title limit ${SEARCH_LIMIT})
        select maps.id, maps.current_slug as "currentSlug", maps.title, maps.summary, maps.cover_image_url as "coverImageUrl",
               (select count(*) from hits)::int as total
        from top join maps on maps.id = top.id join profiles on profiles.id = maps.owner_id
        where ${canSeeSql(NO_ENTITLEMENTS, mapItem)}
        order by top.rank desc, top.title`;
}

async function creatorPage(db: Database, match: Match): Promise<Page<CreatorHit>> {
  const statement = shaped(`creators ${match.kind}`, () => creatorStatement(match.kind));
  return page(await executeKept<CreatorHit & { total: number }>(db, statement, { text: match.text }));
}

function creatorStatement(kind: MatchKind): SQL {
  // Handles are indexed unstemmed ('simple'), names and bios stemmed (SEARCH_CONFIG): ask both.
  const q = sql`(${tsquery(kind)} || ${tsquery(kind, "simple")})`;
  // Candidates carry their rank, not their text; the page's profiles are read for its rows alone.
  return sql`
        with hits as materialized (
          select profiles.id, profiles.handle, ts_rank(profiles.fts, ${q}) as rank
          from profiles
          where ${publishedCreatorSql} and profiles.handle is not null and profiles.fts @@ ${q}
          limit ${SEARCH_COUNT_CAP}
        ),
        top as materialized (select id, rank, handle from hits order by rank desc, handle limit ${SEARCH_LIMIT})
        select p.id, p.handle, p.display_name as "displayName", p.bio_text as "bioText", p.profile_image_url as "profileImageUrl",
               (select count(*) from hits)::int as total
        from top join profiles p on p.id = top.id
        order by top.rank desc, top.handle`;
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
  // Built for each run: it holds the time, which decides what is published.
  const q = tsquery(match.kind);
  const item = postItem(now);
  // The body counts only where the viewer may read it: for matching and for the rank alike.
  const readable = canViewSql(viewer, item);
  const found = await executeKept<{ id: string; total: number }>(
    db,
    sql`
      with hits as materialized (
        select posts.id, posts.title,
               ts_rank(posts.title_fts, ${q}) * 2 + (case when ${readable} and posts.body_fts @@ ${q} then ts_rank(posts.body_fts, ${q}) else 0 end) as rank
        from posts join profiles on profiles.id = posts.creator_id
        where ${listedPostSql(viewer, now)}
          and (posts.title_fts @@ ${q} or (posts.body_fts @@ ${q} and ${readable}))
        limit ${SEARCH_COUNT_CAP}
      )
      select id, (select count(*) from hits)::int as total from hits order by rank desc, title limit ${SEARCH_LIMIT}`,
    { text: match.text },
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

type Finder<T> = (match: Match) => Promise<Page<T>>;

/**
 * A group's full-text hits; when they are few, the hits of the query with its last word as a
 * prefix follow them ("Park Gu").
 */
async function typedOrPrefix<T extends { id: string }>(find: Finder<T>, typed: string): Promise<Group<T>> {
  const exact = await find({ kind: "typed", text: typed });
  const found: Group<T> = { items: exact.items, count: exact.total };
  if (found.items.length >= FUZZY_BELOW) return found;
  const prefix = prefixQuery(typed, { maxLast: PREFIX_LAST_MAX });
  return prefix ? merge(found, await find({ kind: "prefix", text: prefix })) : found;
}

/** A group that found few, followed by the hits of the spelling-corrected query. */
async function widened<T extends { id: string }>(find: Finder<T>, found: Group<T>, correction: string): Promise<Group<T>> {
  return found.items.length >= FUZZY_BELOW ? found : merge(found, await find({ kind: "corrected", text: correction }));
}

export async function searchDestinations(db: Database, q: string): Promise<Group<DestinationHit>> {
  const found = await executeKept<DestinationHit & { total: number }>(db, DESTINATIONS, { text: q });
  return { items: found.map(strip), count: found[0]?.total ?? 0 };
}

/**
 * Cities whose name starts with what was typed (TEXT), larger first; similar town names when
 * those are few.
 */
export const DESTINATIONS = destinationsStatement(TEXT);

function destinationsStatement(q: Placeholder): SQL {
  // Names and what was typed both without accents and in lower case, as the indexes keep them.
  const name = sql.raw("search_name");
  const needle = sql`(select lower(${sql.raw(UNACCENT_FN)}(${q})))`;
  // "Starts with" as a range of the prefix index (text_pattern_ops): a generic plan (executeKept)
  // cannot take a LIKE pattern that is a parameter to the index; every name that starts with the
  // needle sorts between it and it followed by the last code point.
  const startsWith = sql`${name} ~>=~ ${needle} and ${name} ~<~ (${needle} || chr(1114111))`;
  // Written out as the partial index's predicate is, so the planner matches the two.
  const fuzzyTowns = sql.raw(`population >= ${FUZZY_CITY_MIN_POPULATION}`);
  // Similar names only when the prefix finds little: a trigram pass over every
  // city for a short prefix like "par" costs more than the rest of the search.
  // And only towns (ADR 0048): "cafe" has 5,257 candidates among all cities, 652 among towns.
  return sql`
      with prefixed as materialized (
        select id, name, country, population from cities where ${startsWith}
      )
      select id, name, country, count(*) over()::int as total from (
        select id, name, country, population, 0 as tier from prefixed
        union all
        select id, name, country, population, 1 as tier from cities
          where (select count(*) from prefixed) < ${FUZZY_BELOW} and ${fuzzyTowns} and ${name} % ${needle} and not starts_with(${name}, ${needle})
      ) c
      order by tier, population desc, name
      limit ${SEARCH_LIMIT}`;
}

function strip<T extends { total?: number }>(row: T): Omit<T, "total"> {
  const { total: _total, ...rest } = row;
  return rest;
}

/**
 * Hits found so far first, then the wider query's hits not already there. The
 * wider query asks for every typed word or more (a prefix of the last word, or
 * each word's alternatives), so its hits mostly include the earlier ones: the
 * larger total is the count.
 */
function merge<T extends { id: string }>(found: Group<T>, wider: Page<T>): Group<T> {
  const seen = new Set(found.items.map((r) => r.id));
  const items = [...found.items, ...wider.items.filter((r) => !seen.has(r.id))].slice(0, SEARCH_LIMIT);
  return { items, count: Math.max(found.count, wider.total, items.length) };
}

const EMPTY = { items: [], count: 0 };

export async function search(db: Database, rawQuery: string, viewer: Entitlements, now = new Date()): Promise<SearchResults> {
  const query = normaliseQuery(rawQuery);
  if (!query) return { query, spots: EMPTY, maps: EMPTY, creators: EMPTY, posts: EMPTY, destinations: EMPTY };
  const findSpots: Finder<SpotHit> = (match) => spotPage(db, match, viewer);
  const findMaps: Finder<MapHit> = (match) => mapPage(db, match);
  const findCreators: Finder<CreatorHit> = (match) => creatorPage(db, match);
  const findPosts: Finder<PostHit> = (match) => postPage(db, match, viewer, now);
  const [spots, maps, creators, posts, destinations] = await Promise.all([
    typedOrPrefix(findSpots, query),
    typedOrPrefix(findMaps, query),
    typedOrPrefix(findCreators, query),
    typedOrPrefix(findPosts, query),
    searchDestinations(db, query),
  ]);
  // Spelling correction when the search as a whole found little, as a typo does (ADR 0055): a
  // word found in spots is no typo because no post has it, and correcting it anyway cost nearly
  // every search a trigram pass over the lexicon and a second query or two.
  const correction =
    spots.items.length + maps.items.length + creators.items.length + posts.items.length < FUZZY_BELOW ? await correctSpelling(db, query) : null;
  if (!correction) return { query, spots, maps, creators, posts, destinations };
  const [spotsOrNear, mapsOrNear, creatorsOrNear, postsOrNear] = await Promise.all([
    widened(findSpots, spots, correction),
    widened(findMaps, maps, correction),
    widened(findCreators, creators, correction),
    widened(findPosts, posts, correction),
  ]);
  return { query, spots: spotsOrNear, maps: mapsOrNear, creators: creatorsOrNear, posts: postsOrNear, destinations };
}

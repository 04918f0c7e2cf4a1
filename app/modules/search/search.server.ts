/**
 * One search over spots, maps, creators and destinations (spec section 2's
 * search panel and the /search page).
 *
 *  - Spots, maps, creators: websearch-style full text on their `fts` columns,
 *    published content of published creators only, ranked by ts_rank.
 *    Gated spots a viewer may not open are left out entirely: their text
 *    (address included) must not be searchable by those who cannot read it.
 *  - When full text finds little (a typo), trigram similarity on names and
 *    titles fills in.
 *  - Destinations: city names by prefix, then by trigram similarity, larger
 *    cities first.
 * Each group returns its first results and its total count.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import type { Entitlements } from "~/modules/memberships/gating";

export const SEARCH_LIMIT = 20;
export const QUERY_MAX = 200;
/** Below this many full-text hits, similar names are added. */
const FUZZY_BELOW = 3;
const SIMILARITY = 0.3;

export interface SpotHit { id: string; slug: string; name: string; summary: string | null; coverImageUrl: string | null; mapId: string; mapSlug: string }
export interface MapHit { id: string; currentSlug: string; title: string; summary: string | null; coverImageUrl: string | null }
export interface CreatorHit { id: string; handle: string; displayName: string | null; bioText: string | null; profileImageUrl: string | null }
export interface DestinationHit { id: number; name: string; country: string }

export interface Group<T> { items: T[]; count: number }
export interface SearchResults {
  query: string;
  spots: Group<SpotHit>;
  maps: Group<MapHit>;
  creators: Group<CreatorHit>;
  destinations: Group<DestinationHit>;
}

export function normaliseQuery(q: string | null | undefined): string {
  return (q ?? "").replace(/\s+/g, " ").trim().slice(0, QUERY_MAX);
}

const rows = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[]));

/** Which gated spots this viewer may find: public always; premium with a subscription; supporters-only of supported creators; own. */
function spotAccess(viewer: Entitlements): SQL {
  if (viewer.isAdmin) return sql`true`;
  const supported = viewer.supportedCreatorIds.length
    ? sql`(s.visibility = 'supporters' and m.owner_id in (${sql.join(viewer.supportedCreatorIds.map((id) => sql`${id}`), sql`, `)}))`
    : sql`false`;
  const own = viewer.userId ? sql`m.owner_id = ${viewer.userId}` : sql`false`;
  const premium = viewer.hasActiveSubscription ? sql`s.visibility = 'premium'` : sql`false`;
  return sql`(s.visibility = 'public' or ${premium} or ${supported} or ${own})`;
}

async function searchSpots(db: Database, q: string, viewer: Entitlements): Promise<Group<SpotHit>> {
  const visible = sql`s.is_published and m.is_published and p.is_published and ${spotAccess(viewer)}`;
  const fts = rows<SpotHit & { total: number }>(
    await db.execute(sql`
      select s.id, s.slug, s.name, s.summary, s.cover_image_url as "coverImageUrl", m.id as "mapId", m.current_slug as "mapSlug",
             count(*) over()::int as total
      from spots s join maps m on m.id = s.map_id join profiles p on p.id = m.owner_id,
           websearch_to_tsquery('english', ${q}) query
      where ${visible} and s.fts @@ query
      order by ts_rank(s.fts, query) desc, s.name
      limit ${SEARCH_LIMIT}`),
  );
  if (fts.length >= FUZZY_BELOW) return { items: fts.map(strip), count: fts[0].total };
  const fuzzy = rows<SpotHit>(
    await db.execute(sql`
      select s.id, s.slug, s.name, s.summary, s.cover_image_url as "coverImageUrl", m.id as "mapId", m.current_slug as "mapSlug"
      from spots s join maps m on m.id = s.map_id join profiles p on p.id = m.owner_id
      where ${visible} and similarity(lower(s.name), lower(${q})) > ${SIMILARITY}
      order by similarity(lower(s.name), lower(${q})) desc, s.name
      limit ${SEARCH_LIMIT}`),
  );
  return merge(fts.map(strip), fuzzy, fts[0]?.total ?? 0);
}

async function searchMaps(db: Database, q: string): Promise<Group<MapHit>> {
  const visible = sql`m.is_published and p.is_published`;
  const fts = rows<MapHit & { total: number }>(
    await db.execute(sql`
      select m.id, m.current_slug as "currentSlug", m.title, m.summary, m.cover_image_url as "coverImageUrl", count(*) over()::int as total
      from maps m join profiles p on p.id = m.owner_id, websearch_to_tsquery('english', ${q}) query
      where ${visible} and m.fts @@ query
      order by ts_rank(m.fts, query) desc, m.title
      limit ${SEARCH_LIMIT}`),
  );
  if (fts.length >= FUZZY_BELOW) return { items: fts.map(strip), count: fts[0].total };
  const fuzzy = rows<MapHit>(
    await db.execute(sql`
      select m.id, m.current_slug as "currentSlug", m.title, m.summary, m.cover_image_url as "coverImageUrl"
      from maps m join profiles p on p.id = m.owner_id
      where ${visible} and similarity(lower(m.title), lower(${q})) > ${SIMILARITY}
      order by similarity(lower(m.title), lower(${q})) desc
      limit ${SEARCH_LIMIT}`),
  );
  return merge(fts.map(strip), fuzzy, fts[0]?.total ?? 0);
}

async function searchCreators(db: Database, q: string): Promise<Group<CreatorHit>> {
  const visible = sql`p.is_creator and p.is_published and p.handle is not null`;
  const fts = rows<CreatorHit & { total: number }>(
    await db.execute(sql`
      select p.id, p.handle, p.display_name as "displayName", p.bio_text as "bioText", p.profile_image_url as "profileImageUrl",
             count(*) over()::int as total
      from profiles p, (select websearch_to_tsquery('english', ${q}) || websearch_to_tsquery('simple', ${q}) as query) w
      where ${visible} and p.fts @@ w.query
      order by ts_rank(p.fts, w.query) desc, p.handle
      limit ${SEARCH_LIMIT}`),
  );
  if (fts.length >= FUZZY_BELOW) return { items: fts.map(strip), count: fts[0].total };
  const fuzzy = rows<CreatorHit>(
    await db.execute(sql`
      select p.id, p.handle, p.display_name as "displayName", p.bio_text as "bioText", p.profile_image_url as "profileImageUrl"
      from profiles p
      where ${visible} and greatest(similarity(lower(coalesce(p.display_name, '')), lower(${q})), similarity(lower(p.handle), lower(${q}))) > ${SIMILARITY}
      order by greatest(similarity(lower(coalesce(p.display_name, '')), lower(${q})), similarity(lower(p.handle), lower(${q}))) desc
      limit ${SEARCH_LIMIT}`),
  );
  return merge(fts.map(strip), fuzzy, fts[0]?.total ?? 0);
}

async function searchDestinations(db: Database, q: string): Promise<Group<DestinationHit>> {
  const needle = q.toLowerCase();
  const prefix = needle.replace(/[\\%_]/g, (c) => `\\${c}`) + "%";
  const found = rows<DestinationHit & { total: number }>(
    await db.execute(sql`
      select id, name, country, count(*) over()::int as total from (
        select id, name, country, population, 0 as tier from cities where lower(name) like ${prefix}
        union all
        select id, name, country, population, 1 as tier from cities
          where lower(name) % ${needle} and lower(name) not like ${prefix}
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

/** Full-text hits first, then similar names not already there; the count covers both. */
function merge<T extends { id: string | number }>(exact: T[], similar: T[], exactTotal: number): Group<T> {
  const seen = new Set(exact.map((r) => r.id));
  const extra = similar.filter((r) => !seen.has(r.id));
  const items = [...exact, ...extra].slice(0, SEARCH_LIMIT);
  return { items, count: exactTotal + extra.length };
}

const EMPTY = { items: [], count: 0 };

export async function search(db: Database, rawQuery: string, viewer: Entitlements): Promise<SearchResults> {
  const query = normaliseQuery(rawQuery);
  if (!query) return { query, spots: EMPTY, maps: EMPTY, creators: EMPTY, destinations: EMPTY };
  const [spots, maps, creators, destinations] = await Promise.all([
    searchSpots(db, query, viewer),
    searchMaps(db, query),
    searchCreators(db, query),
    searchDestinations(db, query),
  ]);
  return { query, spots, maps, creators, destinations };
}

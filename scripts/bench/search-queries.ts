/**
 * The fixed query list of the search-at-scale bench, and the naive baseline it
 * is compared with: ILIKE '%term%' over the same four groups.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";

/** What visitors type: common and rare words, two words, typos, prefixes, a quoted phrase, names, nothing found. */
export const QUERIES = [
  "cafe", // very common
  "bakery",
  "bar",
  "coffee",
  "rooftop bar", // two words
  "natural wine",
  "barcelona tapas",
  "lisbon",
  '"live jazz"', // quoted phrase
  '"sunny terrace"',
  "pastel de nata",
  "ramen",
  "vermouth",
  "lighthouse",
  "street art",
  "vintage record store",
  "sunset viewpoint",
  "kyoto temple",
  "lucia", // a creator's first name
  "marta garcia",
  "khachapuri", // rare
  "okonomiyaki",
  "apothecary",
  "barcelna", // typos
  "copenhagn",
  "tokio",
  "lis", // city prefixes
  "par",
  "new york",
  "zzyzx", // nothing
];

function likePattern(q: string): string {
  return `%${q
    .replace(/"/g, "")
    .trim()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The naive search: the same four groups (published content of published
 * creators, public spots for an anonymous visitor), 20 rows and a count each,
 * matched with ILIKE '%query%' on spot name/summary, map title, creator
 * display name and city name.
 */
export async function naiveIlikeSearch(db: Database, q: string) {
  const p = likePattern(q);
  const [spots, maps, creators, destinations] = await Promise.all([
    db.execute(sql`
      select s.id, s.name, s.summary, count(*) over()::int as total
      from spots s join maps m on m.id = s.map_id join profiles p on p.id = m.owner_id
      where s.is_published and m.is_published and p.is_published and s.visibility = 'public'
        and (s.name ilike ${p} or s.summary ilike ${p})
      order by s.name limit 20`),
    db.execute(sql`
      select m.id, m.title, count(*) over()::int as total
      from maps m join profiles p on p.id = m.owner_id
      where m.is_published and p.is_published and m.title ilike ${p}
      order by m.title limit 20`),
    db.execute(sql`
      select p.id, p.display_name, count(*) over()::int as total
      from profiles p
      where p.is_creator and p.is_published and p.display_name ilike ${p}
      order by p.display_name limit 20`),
    db.execute(sql`
      select id, name, count(*) over()::int as total
      from cities where name ilike ${p}
      order by population desc limit 20`),
  ]);
  return { spots: spots.rows.length, maps: maps.rows.length, creators: creators.rows.length, destinations: destinations.rows.length };
}

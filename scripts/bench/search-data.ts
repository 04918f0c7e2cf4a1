/**
 * Generates the search-at-scale data set inside the database, in SQL
 * (generate_series over arrays of words), on an already migrated database:
 * creators (better-auth `user` + `profiles`), maps (+ `map_slugs`), spots, and
 * all cities through the app's own city seeding.
 *
 * Names and summaries are built from the word lists in search-words.ts with a
 * skewed draw, so some words are in a tenth of all rows and others in a handful.
 * About 10% of spots are gated (5% premium, 5% supporters), about 3% of spots
 * and maps and 2% of creators are unpublished.
 *
 * The non-constraint indexes of `spots` and `maps` are dropped before the bulk
 * insert and rebuilt afterwards from their own definitions (pg_get_indexdef),
 * so the indexes measured are exactly those the migrations created. The search
 * lexicon (`search_words`) is filled by its triggers as the rows go in, as in
 * the app.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { seedCities } from "../../db/seed/cities";
import * as words from "./search-words";

export interface Scale {
  creators: number;
  maps: number;
  spots: number;
}

/** Proportional scale for a number of spots: 20 spots per map, 5 maps per creator. */
export function scaleForSpots(spots: number): Scale {
  const maps = Math.max(1, Math.round(spots / 20));
  return { spots, maps, creators: Math.max(1, Math.round(maps / 5)) };
}

export interface GenerationTimes {
  citiesMs: number;
  creatorsMs: number;
  mapsMs: number;
  spotsMs: number;
  indexesMs: number;
  analyzeMs: number;
  totalMs: number;
}

const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;
const array = (list: readonly string[]) => `array[${list.map(literal).join(", ")}]::text[]`;

const LISTS = {
  first: words.FIRST_NAMES,
  last: words.LAST_NAMES,
  adj: words.ADJECTIVES,
  place: words.PLACES,
  food: words.FOODS,
  rare: words.RARE,
  clause: words.CLAUSES,
  theme: words.THEMES,
  street: words.STREET_TYPES,
};

/**
 * A random word of a list, skewed towards the start of the list (skew 1 =
 * uniform). The array is a constant in the statement: reading it from a table
 * column would detoast the whole array on every pick.
 */
const pick = (list: keyof typeof LISTS, skew = 1.8) => `(${array(LISTS[list])})[1 + floor(power(random(), ${skew}) * ${LISTS[list].length})::int]`;
const clause = () => `replace(replace(${pick("clause", 1.2)}, '{food}', ${pick("food")}), '{adj}', lower(${pick("adj")}))`;

async function exec(db: Database, text: string) {
  await db.execute(sql.raw(text));
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

/**
 * Fill the database. `db` must hold one session for the whole run (PGlite, or a
 * node-postgres pool of size 1): temp tables and SET apply per session.
 */
export async function generateSearchData(
  db: Database,
  scale: Scale,
  opts: { driver: "pglite" | "postgres"; log?: (msg: string) => void },
): Promise<GenerationTimes> {
  const log = opts.log ?? (() => {});
  const started = performance.now();
  const spotsPerMap = Math.max(1, Math.ceil(scale.spots / scale.maps));

  if (opts.driver === "postgres") {
    await exec(db, "set synchronous_commit = off");
    await exec(db, "set maintenance_work_mem = '1GB'");
  } else {
    await exec(db, "set maintenance_work_mem = '256MB'");
  }
  await exec(db, "select setseed(0.42)");

  const citiesMs = await timed(() => seedCities(db));
  log(`cities loaded in ${(citiesMs / 1000).toFixed(1)} s`);

  await exec(
    db,
    `create temp table bench_cities as
      select t.idx::int as idx, t.name, c.id as city_id, c.lat, c.lng
      from unnest(${array(words.TRAVEL_CITIES)}) with ordinality t(name, idx)
      left join lateral (select id, lat, lng from cities where lower(name) = lower(t.name) order by population desc limit 1) c on true`,
  );

  // Creators: a better-auth user and a creator profile each.
  const creatorsMs = await timed(async () => {
    await exec(
      db,
      `create temp table bench_creators as
        select i, first, last, theme, c1, c2 from (
          select i, ${pick("first")} as first, ${pick("last")} as last, ${pick("theme")} as theme,
                 ${pickCity()} as c1, ${pickCity()} as c2
          from generate_series(1, ${scale.creators}) i offset 0) x`,
    );
    await exec(
      db,
      `insert into "user" (id, name, email, email_verified)
        select 'bench-' || i, first || ' ' || last, 'creator' || i || '@bench.example', true from bench_creators`,
    );
    await exec(
      db,
      `insert into profiles (id, handle, display_name, bio_text, is_creator, is_onboarded, is_published)
        select 'bench-' || b.i,
               lower(regexp_replace(first || '_' || last, '[^A-Za-z]+', '_', 'g')) || '_' || b.i,
               first || ' ' || last,
               'I map ' || theme || ' in ' || c1.name || ' and ' || c2.name || '.',
               true, true, random() > 0.02
        from bench_creators b join bench_cities c1 on c1.idx = b.c1 join bench_cities c2 on c2.idx = b.c2`,
    );
  });
  log(`${scale.creators} creators in ${(creatorsMs / 1000).toFixed(1)} s`);

  const dropped = await dropSecondaryIndexes(db, ["spots", "maps"]);

  const mapsMs = await timed(async () => {
    await exec(
      db,
      `create temp table bench_maps as
        select n, md5('bench-map-' || n)::uuid as id, 1 + (n * 7919) % ${scale.creators} as creator,
               city, theme, adj, kind, clause
        from (
          select n, ${pickCity()} as city, ${pick("theme")} as theme, ${pick("adj")} as adj,
                 floor(random() * 5)::int as kind, ${clause()} as clause
          from generate_series(1, ${scale.maps}) n offset 0) x`,
    );
    await exec(db, "alter table bench_maps add primary key (n)");
    await exec(
      db,
      `insert into maps (id, owner_id, title, summary, current_slug, is_published, published_at, city_id)
        select m.id, 'bench-' || m.creator,
               case m.kind
                 when 0 then c.name || ' ' || m.theme
                 when 1 then 'The ' || lower(m.adj) || ' side of ' || c.name
                 when 2 then 'A weekend in ' || c.name || ': ' || m.theme
                 when 3 then 'My ' || c.name || ' ' || m.theme
                 else initcap(m.theme) || ' in ' || c.name
               end,
               'My favourite ' || m.theme || ' in ' || c.name || ', ' || m.clause || '.',
               'bench-map-' || m.n, random() > 0.03, now() - random() * interval '700 days', c.city_id
        from bench_maps m join bench_cities c on c.idx = m.city`,
    );
    await exec(db, `insert into map_slugs (slug, map_id) select 'bench-map-' || n, id from bench_maps`);
  });
  log(`${scale.maps} maps in ${(mapsMs / 1000).toFixed(1)} s`);

  const CHUNK = 100_000;
  const spotsMs = await timed(async () => {
    for (let from = 1; from <= scale.spots; from += CHUNK) {
      const to = Math.min(scale.spots, from + CHUNK - 1);
      await exec(
        db,
        `insert into spots (map_id, slug, name, summary, description, lat, lng, address, visibility, position, is_published)
          select m.id, 'spot-' || (g.pos + 1),
                 case g.kind
                   when 0 then g.adj || ' ' || g.place
                   when 1 then 'The ' || g.adj || ' ' || g.place
                   when 2 then g.first || '''s ' || g.place
                   when 3 then g.place || ' ' || g.first
                   when 4 then g.last || ' ' || g.place
                   else g.place || ' ' || g.last
                 end,
                 'A ' || lower(g.adj) || ' ' || lower(g.place) || ' ' || g.clause1 || ', ' || g.clause2 || '.' || g.rare,
                 'Insider tip: ' || g.clause3 || '.',
                 least(89.9, greatest(-89.9, coalesce(c.lat, 0) + (random() - 0.5) * 0.1)),
                 least(179.9, greatest(-179.9, coalesce(c.lng, 0) + (random() - 0.5) * 0.1)),
                 g.number || ' ' || g.street_name || ' ' || g.street || ', ' || c.name,
                 case when g.r < 0.05 then 'premium' when g.r < 0.10 then 'supporters' else 'public' end,
                 g.pos, random() > 0.03
          from (
            select i, (i - 1) / ${spotsPerMap} + 1 as map_n, (i - 1) % ${spotsPerMap} as pos,
                   floor(random() * 6)::int as kind, ${pick("adj")} as adj, ${pick("place")} as place,
                   ${pick("first")} as first, ${pick("last")} as last,
                   ${clause()} as clause1, ${clause()} as clause2, ${clause()} as clause3,
                   case when random() < 0.0002 then ' Try the ' || ${pick("rare", 1)} || '.' else '' end as rare,
                   1 + floor(random() * 200)::int as number, ${pick("last", 1)} as street_name, ${pick("street", 1)} as street,
                   random() as r
            from generate_series(${from}, ${to}) i offset 0
          ) g
          join bench_maps m on m.n = g.map_n
          join bench_cities c on c.idx = m.city`,
      );
      log(`  spots ${to}/${scale.spots}`);
    }
  });
  log(`${scale.spots} spots in ${(spotsMs / 1000).toFixed(1)} s`);

  const indexesMs = await timed(async () => {
    for (const def of dropped) await exec(db, def);
  });
  log(`rebuilt ${dropped.length} indexes in ${(indexesMs / 1000).toFixed(1)} s`);

  for (const t of ["bench_cities", "bench_creators", "bench_maps"]) await exec(db, `drop table ${t}`);
  const analyzeMs = await timed(() => exec(db, `vacuum analyze "user", profiles, maps, map_slugs, spots, cities, search_words`));
  log(`vacuum analyze in ${(analyzeMs / 1000).toFixed(1)} s`);

  return { citiesMs, creatorsMs, mapsMs, spotsMs, indexesMs, analyzeMs, totalMs: performance.now() - started };
}

/** A destination index into bench_cities, skewed to the popular ones. */
function pickCity() {
  return `1 + floor(power(random(), 1.5) * ${words.TRAVEL_CITIES.length})::int`;
}

/** Drop the indexes of `tables` not backing a constraint; returns their CREATE INDEX statements. */
async function dropSecondaryIndexes(db: Database, tables: string[]): Promise<string[]> {
  const result = await db.execute<{ name: string; def: string }>(sql`
    select i.relname as name, pg_get_indexdef(i.oid) as def
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where t.relnamespace = 'public'::regnamespace and t.relname in ${sql.raw(`(${tables.map(literal).join(", ")})`)}
      and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid)
    order by i.relname`);
  for (const r of result.rows) await exec(db, `drop index "${r.name}"`);
  return result.rows.map((r) => r.def);
}

/**
 * Maps, their slug history, spots, spot categories and cities (destinations).
 *
 * Search: every `fts` column is a STORED generated tsvector with a GIN index
 * (maps' and spots' partial, split on `listed`: filter on `listed` as the index
 * does, or it is not used; listed public spots' further split into id-range
 * shards, SPOT_SEARCH_SHARDS); query it with
 * `fts @@ websearch_to_tsquery('spotfolio_english', $q)` (SEARCH_CONFIG). Spot `fts`
 * deliberately leaves out `description`, which may be gated (premium or
 * supporters-only) and must never be matchable by someone who cannot read it.
 * Cities are searched by prefix (`search_name like 'bar%'`, btree
 * text_pattern_ops), and towns of FUZZY_CITY_MIN_POPULATION or more also
 * fuzzily (`search_name % $q`, a partial GIN gin_trgm_ops index; needs the
 * pg_trgm extension, created by the first migration), `search_name` being
 * the name in lower case without accents. Typos in spot
 * names and map titles are corrected through the search lexicon (search.ts).
 * Bounding boxes: `point(lng, lat) <@ box(point(w, s), point(e, n))` uses the
 * GiST index; `lat between .. and lng between ..` uses the btree.
 */
import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { SEARCH_CONFIG, sqlList, timestamps, timestamptz, tsvector, UNACCENT_FN, VISIBILITIES } from "./columns";
import { profiles } from "./profiles";

/**
 * One photo of a spot, as stored in `spots.photos`: `src` is the 800 px WebP
 * (the default), `srcset` lists every width made (160, 400, 800, 1600 when
 * the original was that large), `keys` the stored objects (removed with the photo).
 */
export interface SpotPhoto {
  id: string;
  src: string;
  srcset: string;
  alt: string;
  width: number;
  height: number;
  keys: string[];
}

/**
 * A city this large or larger is found by a name typed with a typo ("Barcelonna", "Tokio"); a
 * smaller one only by the start of its name (ADR 0048).
 */
export const FUZZY_CITY_MIN_POPULATION = 15_000;

export const cities = pgTable(
  "cities",
  {
    /** The GeoNames id. */
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    asciiName: text("ascii_name").notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text("country").notNull(),
    /** GeoNames admin1 code (region), when known. */
    adminCode: text("admin_code"),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    population: integer("population").notNull().default(0),
    slug: text("slug").notNull().unique(),
    /** A featured destination: on the home page and first on /destinations, in `featured_position` order. */
    isFeatured: boolean("is_featured").notNull().default(false),
    /** The admin's order of the featured destinations (0 first); NULL when not featured. */
    featuredPosition: integer("featured_position"),
    coverImageUrl: text("cover_image_url"),
    /** The admin's words on a featured destination (markdown, the one renderer). */
    description: text("description"),
    /**
     * The name as it is searched: lower case, without accents ("malaga" finds Málaga; migration
     * 0021). Stored, so a search reads it instead of calling unaccent on every row it checks.
     */
    searchName: text("search_name").generatedAlwaysAs(sql.raw(`lower(${UNACCENT_FN}(name))`)),
  },
  (t) => [
    // Only towns are matched by similar names (ADR 0048): over every city, a short word's trigrams
    // picked ~5,000 candidates to check one by one, most of them villages nobody misspells.
    index("cities_town_name_trgm_idx")
      .using("gin", sql`search_name gin_trgm_ops`)
      .where(sql.raw(`population >= ${FUZZY_CITY_MIN_POPULATION}`)),
    // Names by their start (search's destinations: a range of search_name), carrying what search
    // shows and orders by: a short prefix ("bar", 701 cities) is read from the index alone instead
    // of from as many pages of the table (ADR 0066).
    index("cities_name_prefix_idx").using("btree", sql`search_name text_pattern_ops`, t.population, t.name, t.country, t.id),
    index("cities_population_idx").on(t.population.desc()),
    index("cities_featured_idx")
      .on(t.isFeatured)
      .where(sql`is_featured`),
    check("cities_country_check", sql`char_length(country) = 2`),
  ],
);

/**
 * Spot categories. Site-wide ones have no owner; a creator's own (made by an
 * import from a My Maps layer, with the layer's icon and colour) carry
 * `owner_id` and are offered only in that creator's Studio.
 */
export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description"),
    ownerId: text("owner_id").references(() => profiles.id, { onDelete: "cascade" }),
    /** The icon name or id the category was imported with (My Maps `icon-<id>`), when any. */
    icon: text("icon"),
    /** `#RRGGBB`, when the category has its own colour. */
    color: text("color"),
    /** The order of the site-wide categories (the admin's, 0 first) in filters and pickers; a creator's own keep 0. */
    position: integer("position").notNull().default(0),
  },
  (t) => [index("categories_owner_id_idx").on(t.ownerId), check("categories_color_check", sql`color is null or color ~ '^#[0-9A-F]{6}$'`)],
);

export const maps = pgTable(
  "maps",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    summary: text("summary"),
    coverImageUrl: text("cover_image_url"),
    /** The slug in use; every slug ever used is in map_slugs (old ones redirect). */
    currentSlug: text("current_slug").notNull().unique(),
    isPublished: boolean("is_published").notNull().default(false),
    publishedAt: timestamptz("published_at"),
    /** The destination. */
    cityId: integer("city_id").references(() => cities.id, { onDelete: "set null" }),
    /** Bumped on every Studio edit of the map's settings; a save carrying an older version is a conflict. */
    version: integer("version").notNull().default(1),
    /**
     * Published, by a published creator: what anyone may see. Kept by triggers
     * (migration 0012) on maps and profiles, never written by the app; search's
     * partial index is built on it, and spots' `listed` follows it.
     */
    listed: boolean("listed").notNull().default(false),
    ...timestamps(),
    fts: tsvector("fts").generatedAlwaysAs(
      sql.raw(`setweight(to_tsvector('${SEARCH_CONFIG}', coalesce(title, '')), 'A') || setweight(to_tsvector('${SEARCH_CONFIG}', coalesce(summary, '')), 'B')`),
    ),
  },
  (t) => [
    index("maps_owner_id_idx").on(t.ownerId),
    index("maps_city_id_idx").on(t.cityId),
    index("maps_published_at_idx")
      .on(t.publishedAt.desc())
      .where(sql`is_published`),
    // Search finds listed maps only (app/modules/search).
    index("maps_listed_fts_idx")
      .using("gin", t.fts)
      .where(sql`listed`),
  ],
);

/** A map's categories, chosen in the Studio's map settings (spots keep their own category). */
export const mapCategories = pgTable(
  "map_categories",
  {
    mapId: uuid("map_id")
      .notNull()
      .references(() => maps.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.mapId, t.categoryId] }), index("map_categories_category_id_idx").on(t.categoryId)],
);

export const mapSlugs = pgTable(
  "map_slugs",
  {
    slug: text("slug").primaryKey(),
    mapId: uuid("map_id")
      .notNull()
      .references(() => maps.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("map_slugs_map_id_idx").on(t.mapId)],
);

/**
 * The id ranges the listed public spots' full-text index is split into (ids are
 * random v4 UUIDs, so each range holds an eighth of the spots). Search asks the
 * shards in this order and stops once it has its candidates: a word in a tenth
 * of a million spots then costs one shard's posting lists, not all of them.
 * Changing the bounds needs a migration: each index's predicate holds them.
 */
export const SPOT_SEARCH_SHARDS = idRanges(["0", "2", "4", "6", "8", "a", "c", "e"]);
/**
 * The same for the listed Premium spots' index, which holds about a twentieth as many spots: in
 * quarters, so a Premium member's common word reads a quarter of its Premium hits' posting lists
 * (search asks for at least 250 of them, ADR 0045 and 0065).
 */
export const PREMIUM_SEARCH_SHARDS = idRanges(["0", "4", "8", "c"]);

/** Id ranges starting at these first hex digits, the first from the lowest id, the last to the highest. */
function idRanges(starts: string[]): ReadonlyArray<{ from: string | null; to: string | null }> {
  const bound = (digit: string) => `${digit}0000000-0000-0000-0000-000000000000`;
  return starts.map((digit, i) => ({ from: i === 0 ? null : bound(digit), to: i === starts.length - 1 ? null : bound(starts[i + 1]) }));
}

/** A shard's range as SQL on `spots.id` (optionally through a table alias); the constants let the planner prove the partial index applies. */
export function spotShardCondition(shard: { from: string | null; to: string | null }, alias?: string): string {
  const id = alias ? `${alias}.id` : "id";
  const parts = [shard.from && `${id} >= '${shard.from}'::uuid`, shard.to && `${id} < '${shard.to}'::uuid`].filter(Boolean);
  return parts.length ? parts.join(" and ") : "true";
}

export const spots = pgTable(
  "spots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    mapId: uuid("map_id")
      .notNull()
      .references(() => maps.id, { onDelete: "cascade" }),
    /** Unique within its map. */
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    summary: text("summary"),
    /** May be gated by `visibility`; never part of `fts`. */
    description: text("description"),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    address: text("address"),
    website: text("website"),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    coverImageUrl: text("cover_image_url"),
    /** Ordered; each photo's variants are in the spot-photos bucket (see SpotPhoto). */
    photos: jsonb("photos")
      .$type<SpotPhoto[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    visibility: text("visibility", { enum: VISIBILITIES }).notNull().default("public"),
    /** Order within the map (0-based). */
    position: integer("position").notNull().default(0),
    isPublished: boolean("is_published").notNull().default(false),
    /** Bumped on every Studio edit of the spot; a save carrying an older version is a conflict. */
    version: integer("version").notNull().default(1),
    /**
     * The imported row this spot came from (a Google place id or URL, a GPX
     * waypoint's identity…), so re-importing the same export adds nothing twice.
     */
    importKey: text("import_key"),
    /**
     * The creator's private labels (a Google Takeout list's tags, "⭐ Favourites"):
     * shown and filtered by in the Studio only. Never selected by `visibleSpots`,
     * so no public page, export or search ever reads them; not part of `fts`.
     */
    labels: jsonb("labels")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * The place on Google Maps this spot is (from a pasted Google Maps link): a Place ID
     * ("ChIJ…") or a CID (digits only), so "Open in Google Maps" opens the business itself.
     */
    googlePlaceId: text("google_place_id"),
    /**
     * Published, on a published map of a published creator: what every viewer
     * may know exists. Kept by triggers (migration 0012) on spots, maps and
     * profiles, never written by the app; search's partial index is built on it.
     */
    listed: boolean("listed").notNull().default(false),
    ...timestamps(),
    fts: tsvector("fts").generatedAlwaysAs(
      sql.raw(
        `setweight(to_tsvector('${SEARCH_CONFIG}', coalesce(name, '')), 'A') || setweight(to_tsvector('${SEARCH_CONFIG}', coalesce(summary, '')), 'B') || setweight(to_tsvector('${SEARCH_CONFIG}', coalesce(address, '')), 'C')`,
      ),
    ),
  },
  (t) => [
    uniqueIndex("spots_map_id_slug_idx").on(t.mapId, t.slug),
    // /explore/{spotSlug} looks a spot up by its slug alone (unique only within a map).
    index("spots_slug_idx").on(t.slug),
    index("spots_map_id_position_idx").on(t.mapId, t.position),
    index("spots_category_id_idx").on(t.categoryId),
    index("spots_map_id_import_key_idx")
      .on(t.mapId, t.importKey)
      .where(sql`import_key is not null`),
    index("spots_lat_lng_idx").on(t.lat, t.lng),
    index("spots_point_idx").using("gist", sql`point(lng, lat)`),
    // Search (app/modules/search): listed public spots are what anyone may open, in
    // full, split by id range into SPOT_SEARCH_SHARDS so a common word's first hits come
    // from one shard's posting lists (ADR 0023); every other spot is in the last index,
    // for viewers who may open more.
    ...SPOT_SEARCH_SHARDS.map((shard, i) =>
      index(`spots_listed_public_fts_s${i}_idx`)
        .using("gin", t.fts)
        .where(sql.raw(`listed and visibility = 'public' and ${spotShardCondition(shard)}`)),
    ),
    index("spots_other_fts_idx")
      .using("gin", t.fts)
      .where(sql`not (listed and visibility = 'public')`),
    // Listed Premium spots, which every Premium member may open in full: their part of a Premium
    // member's search reads them here, without the rest of the other spots (ADR 0045), shard by
    // shard (PREMIUM_SEARCH_SHARDS, ADR 0065). Supporters-only and a creator's own spots are read
    // through their maps instead (a few creators' spots).
    ...PREMIUM_SEARCH_SHARDS.map((shard, i) =>
      index(`spots_listed_premium_fts_s${i}_idx`)
        .using("gin", t.fts)
        .where(sql.raw(`listed and visibility = 'premium' and ${spotShardCondition(shard)}`)),
    ),
    // Listed gated spots (premium, supporters) by their name alone: what anyone may find them by,
    // locked (ADR 0030). Their `fts` holds gated text too, so it cannot answer this without a
    // row-by-row recheck of weights.
    // `name is not null` (always true) keeps other queries of listed gated spots from implying the
    // predicate and reading the whole index as a bitmap to AND with theirs (ADR 0045).
    index("spots_listed_gated_name_idx")
      .using("gin", sql.raw(`to_tsvector('${SEARCH_CONFIG}', name)`))
      .where(sql`listed and visibility <> 'public' and name is not null`),
    check("spots_visibility_check", sql.raw(`visibility in ${sqlList(VISIBILITIES)}`)),
    check("spots_lat_check", sql`lat between -90 and 90`),
    check("spots_lng_check", sql`lng between -180 and 180`),
  ],
);

/**
 * Spots deleted in the Studio, kept while the delete can be undone (24 h):
 * the row as it was, the saves (bookmarks) it had, and its stored photo
 * files, which are removed only when the entry is purged. Nothing here is
 * public: a deleted spot is gone from every page at once.
 */
export const deletedSpots = pgTable(
  "deleted_spots",
  {
    spotId: uuid("spot_id").primaryKey(),
    mapId: uuid("map_id")
      .notNull()
      .references(() => maps.id, { onDelete: "cascade" }),
    /** Every column of the spot but `fts`, as JSON (dates as ISO strings). */
    row: jsonb("row").$type<Record<string, unknown>>().notNull(),
    /** Who had saved the spot, and when: put back by an undo. */
    bookmarks: jsonb("bookmarks")
      .$type<{ userId: string; createdAt: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The spot's stored photo files (spot-photos bucket), removed when the entry is purged. */
    photoKeys: jsonb("photo_keys")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    deletedAt: timestamptz("deleted_at").notNull().defaultNow(),
    /** When the undo window closes and the entry (and the files) may go. */
    purgeAfter: timestamptz("purge_after").notNull(),
  },
  (t) => [index("deleted_spots_map_id_idx").on(t.mapId), index("deleted_spots_purge_after_idx").on(t.purgeAfter)],
);

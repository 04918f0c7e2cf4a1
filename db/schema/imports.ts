/**
 * Imports of a creator's existing lists (Google Takeout, My Maps KML/KMZ, GPX,
 * GeoJSON). One `import_batches` row per confirmed import into one map; every
 * row read is accounted for: it became a spot (`imported_count`, plus review
 * rows later placed) or it has an `import_review_rows` row, open until the
 * creator places or dismisses it. rows_read = imported + open + dismissed.
 */
import { sql } from "drizzle-orm";
import { check, doublePrecision, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { sqlList, timestamptz } from "./columns";
import { maps, spots } from "./maps";
import { profiles } from "./profiles";

export const importBatches = pgTable(
  "import_batches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    mapId: uuid("map_id")
      .notNull()
      .references(() => maps.id, { onDelete: "cascade" }),
    creatorId: text("creator_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** The file names the rows came from, as uploaded. */
    files: jsonb("files")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    rowsRead: integer("rows_read").notNull(),
    /** Rows that became spots when the import was confirmed. */
    importedCount: integer("imported_count").notNull(),
    /** Rows matched to a spot already on the map whose note was updated (counted among the dismissed as already there). */
    updatedCount: integer("updated_count").notNull().default(0),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("import_batches_map_id_idx").on(t.mapId, t.createdAt.desc()),
    check("import_batches_counts_check", sql`rows_read >= 0 and imported_count >= 0 and imported_count <= rows_read and updated_count >= 0`),
  ],
);

/** Why a row did not become a spot when imported ("needs_name": a Google "Dropped pin" with no note to name it by). */
export const IMPORT_REVIEW_REASONS = ["needs_place", "needs_name", "invalid", "duplicate", "already_imported"] as const;
export type ImportReviewReason = (typeof IMPORT_REVIEW_REASONS)[number];
export const IMPORT_REVIEW_STATUSES = ["open", "placed", "dismissed"] as const;
export type ImportReviewStatus = (typeof IMPORT_REVIEW_STATUSES)[number];

export const importReviewRows = pgTable(
  "import_review_rows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    batchId: uuid("batch_id")
      .notNull()
      .references(() => importBatches.id, { onDelete: "cascade" }),
    mapId: uuid("map_id")
      .notNull()
      .references(() => maps.id, { onDelete: "cascade" }),
    status: text("status", { enum: IMPORT_REVIEW_STATUSES }).notNull().default("open"),
    reason: text("reason", { enum: IMPORT_REVIEW_REASONS }).notNull(),
    /** The reason in words, as the preview showed it ("No coordinates and no geocoder configured"). */
    reasonText: text("reason_text").notNull(),
    sourceFile: text("source_file").notNull(),
    /** Where in the file: "line 14", "Placemark 3 (Folder “Food”)", "wpt 2". */
    sourceRef: text("source_ref").notNull(),
    /** The row as it was in the file (CSV line, placemark, feature), for the creator to read. */
    original: text("original").notNull(),
    name: text("name"),
    note: text("note"),
    url: text("url"),
    address: text("address"),
    categoryName: text("category_name"),
    /** Photo URLs in the file; copied into our storage when the row is placed. */
    photos: jsonb("photos")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The creator's private labels (Takeout tags), given to the spot the row becomes. */
    labels: jsonb("labels")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Known coordinates (a duplicate has them; a row that needs a place has none). */
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    importKey: text("import_key"),
    /** The spot it became when placed, or the existing spot it duplicates. */
    spotId: uuid("spot_id").references(() => spots.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    resolvedAt: timestamptz("resolved_at"),
  },
  (t) => [
    index("import_review_rows_map_status_idx").on(t.mapId, t.status),
    index("import_review_rows_batch_id_idx").on(t.batchId),
    check("import_review_rows_status_check", sql.raw(`status in ${sqlList(IMPORT_REVIEW_STATUSES)}`)),
    check("import_review_rows_reason_check", sql.raw(`reason in ${sqlList(IMPORT_REVIEW_REASONS)}`)),
    check("import_review_rows_lat_check", sql`lat is null or lat between -90 and 90`),
    check("import_review_rows_lng_check", sql`lng is null or lng between -180 and 180`),
  ],
);

/**
 * Column helpers shared by the schema files. Property names are camelCase,
 * SQL names snake_case and always spelled out, so the schema means the same
 * thing whatever `casing` a Drizzle instance is created with.
 */
import { customType, timestamp } from "drizzle-orm/pg-core";

/** Postgres `tsvector` (read as its text form; only ever written by generated columns). */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType() {
    return "tsvector";
  },
});

/**
 * The text search configuration of every searched `fts` column and query: English stemming
 * after `unaccent` (migration 0021), so "Park Guell" finds "Park Güell" and "cafe" finds "Café".
 */
export const SEARCH_CONFIG = "spotfolio_english";

/**
 * `unaccent` as an IMMUTABLE function (migration 0021; the extension's own is only STABLE), so
 * expression indexes can use it: `lower(spotfolio_unaccent(name))`.
 */
export const UNACCENT_FN = "spotfolio_unaccent";

/** `timestamptz`, read and written as a JS Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** created_at / updated_at, both NOT NULL DEFAULT now(); updated_at also bumped by Drizzle on update. */
export const timestamps = () => ({
  createdAt: timestamptz("created_at").notNull().defaultNow(),
  updatedAt: timestamptz("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** Values used by the `visibility` columns of spots and posts. */
export const VISIBILITIES = ["public", "premium", "supporters"] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** SQL list literal for CHECK constraints: ('a', 'b'). Values are compile-time constants. */
export function sqlList(values: readonly string[]): string {
  return `(${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ")})`;
}

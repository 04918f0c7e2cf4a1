/**
 * A user's Atlas: saved maps and spots, followed creators, recently viewed
 * spots (one row per user and spot, upserted on every view).
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, unique, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { sqlList, timestamps, timestamptz } from "./columns";
import { maps, spots } from "./maps";
import { profiles } from "./profiles";

export const mapBookmarks = pgTable(
  "map_bookmarks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    mapId: uuid("map_id")
      .notNull()
      .references(() => maps.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "map_bookmarks_pk", columns: [t.userId, t.mapId] }), index("map_bookmarks_map_id_idx").on(t.mapId)],
);

export const spotBookmarks = pgTable(
  "spot_bookmarks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    spotId: uuid("spot_id")
      .notNull()
      .references(() => spots.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "spot_bookmarks_pk", columns: [t.userId, t.spotId] }), index("spot_bookmarks_spot_id_idx").on(t.spotId)],
);

export const FOLLOW_STATUSES = ["active", "inactive"] as const;

export const followers = pgTable(
  "followers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    creatorId: text("creator_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** Only `active` counts; anything else is hidden. */
    status: text("status", { enum: FOLLOW_STATUSES }).notNull().default("active"),
    ...timestamps(),
  },
  (t) => [
    unique("followers_user_creator_unique").on(t.userId, t.creatorId),
    index("followers_creator_id_idx").on(t.creatorId, t.status),
    check("followers_status_check", sql.raw(`status in ${sqlList(FOLLOW_STATUSES)}`)),
  ],
);

export const recentViews = pgTable(
  "recent_views",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    spotId: uuid("spot_id")
      .notNull()
      .references(() => spots.id, { onDelete: "cascade" }),
    viewedAt: timestamptz("viewed_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "recent_views_pk", columns: [t.userId, t.spotId] }),
    index("recent_views_user_viewed_idx").on(t.userId, t.viewedAt.desc()),
    index("recent_views_spot_id_idx").on(t.spotId),
  ],
);

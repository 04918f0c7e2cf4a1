/**
 * Moderation (DESIGN.md section 9, the Digital Services Act): takedowns with their statement of
 * reasons, the creator's appeals against them, and the public's reports. Written by
 * modules/moderation only.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { timestamptz } from "./columns";
import { profiles } from "./profiles";

/** What can be taken down or reported: a map, a spot, a post or a creator's whole profile. */
export const MODERATION_TARGETS = ["map", "spot", "post", "creator"] as const;
export type ModerationTarget = (typeof MODERATION_TARGETS)[number];

const targetList = `(${MODERATION_TARGETS.map((t) => `'${t}'`).join(", ")})`;

/**
 * One takedown: while `restored_at` is NULL the item is unpublished and its creator cannot publish
 * it again (a trigger of the migration refuses it); `previous` keeps what the takedown changed, so
 * a restore puts back exactly that. The row is the statement of reasons the creator was sent.
 */
export const moderationActions = pgTable(
  "moderation_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    targetType: text("target_type", { enum: MODERATION_TARGETS }).notNull(),
    /** The map's, spot's or post's uuid, or the creator's profile id. */
    targetId: text("target_id").notNull(),
    /** The creator whose content it is: who is told, and who may appeal. */
    creatorId: text("creator_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** The item's name when it was taken down (the statement names it so, whatever it is renamed to). */
    targetLabel: text("target_label").notNull(),
    /** A ground of the Creator Terms (modules/moderation/grounds.ts), and whether it is one of law or of the terms. */
    ground: text("ground").notNull(),
    groundKind: text("ground_kind", { enum: ["law", "terms"] }).notNull(),
    /** The facts and circumstances, as the admin wrote them (DSA art. 17(3)(b)). */
    facts: text("facts").notNull(),
    /** Whether the decision was taken by automated means (DSA art. 17(3)(c)): never, today. */
    automated: boolean("automated").notNull().default(false),
    /** The last day of the internal complaint window (DSA art. 20: six months). */
    appealDeadline: timestamptz("appeal_deadline").notNull(),
    /** What the takedown changed, to be put back by a restore: `{ isPublished }` or `{ publishedAt }`. */
    previous: jsonb("previous").$type<Record<string, unknown>>().notNull(),
    adminId: text("admin_id").references(() => user.id, { onDelete: "set null" }),
    /** The report that led to it, if any. */
    reportId: uuid("report_id"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    restoredAt: timestamptz("restored_at"),
    restoredBy: text("restored_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    // One takedown in force per item.
    uniqueIndex("moderation_actions_active_idx")
      .on(t.targetType, t.targetId)
      .where(sql`restored_at is null`),
    index("moderation_actions_creator_idx").on(t.creatorId, t.createdAt),
    check("moderation_actions_target_check", sql.raw(`target_type in ${targetList}`)),
  ],
);

/** A creator's appeal against a takedown (the internal complaint of DSA art. 20): one per takedown. */
export const moderationAppeals = pgTable(
  "moderation_appeals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actionId: uuid("action_id")
      .notNull()
      .unique()
      .references(() => moderationActions.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    /** "upheld" (the takedown stays) or "restored"; NULL while open. */
    decision: text("decision", { enum: ["upheld", "restored"] }),
    decisionNote: text("decision_note"),
    decidedAt: timestamptz("decided_at"),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    index("moderation_appeals_open_idx")
      .on(t.createdAt)
      .where(sql`decided_at is null`),
  ],
);

/** A report by anyone (signed in or not) about a map, spot, post or creator: the back office's queue. */
export const contentReports = pgTable(
  "content_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    targetType: text("target_type", { enum: MODERATION_TARGETS }).notNull(),
    targetId: text("target_id").notNull(),
    /** One of REPORT_REASONS (modules/moderation). */
    reason: text("reason").notNull(),
    details: text("details").notNull().default(""),
    /** Optional, to hear back; never shown publicly. */
    reporterEmail: text("reporter_email"),
    reporterId: text("reporter_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    /** "open", "resolved" (acted on) or "dismissed". */
    status: text("status", { enum: ["open", "resolved", "dismissed"] })
      .notNull()
      .default("open"),
    resolvedAt: timestamptz("resolved_at"),
    resolvedBy: text("resolved_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    index("content_reports_status_idx").on(t.status, t.createdAt),
    index("content_reports_target_idx").on(t.targetType, t.targetId),
    check("content_reports_target_check", sql.raw(`target_type in ${targetList}`)),
  ],
);

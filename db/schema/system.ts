/**
 * Infrastructure tables: the transactional email outbox (written in the same
 * transaction as the change that causes the email, delivered with retry) and
 * first-party analytics events.
 */
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { sqlList, timestamptz } from "./columns";
import { profiles } from "./profiles";

/**
 * "failed": temporary refusals (4xx, timeouts) until the attempts ran out. "bounced": the server
 * refused it for good (an SMTP 5xx reply); never retried. "suppressed": not sent at all, because its
 * address is on `email_suppressions` (it bounced before).
 */
export const EMAIL_STATUSES = ["pending", "sent", "failed", "bounced", "suppressed"] as const;

/**
 * One rendered body shared by many outbox rows (a post's email to its followers): rendered once, so
 * queueing 100,000 messages writes 100,000 small rows, not 100,000 copies. `{{unsubscribe_url}}` in
 * it is replaced per message at delivery.
 */
export const emailBodies = pgTable("email_bodies", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** What the body is of, e.g. "post:{id}:full" (counts opens per post). */
  ref: text("ref").notNull(),
  subject: text("subject").notNull(),
  html: text("html").notNull(),
  text: text("text").notNull(),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
});

/**
 * Lists a person asked to leave (RFC 8058 one-click unsubscribe, or their email preferences):
 * "creator-posts:{creatorId}" for one creator's posts, "creator-posts" for every creator's.
 */
export const emailOptouts = pgTable(
  "email_optouts",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    list: text("list").notNull(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "email_optouts_pk", columns: [t.userId, t.list] })],
);

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    template: text("template").notNull(),
    payload: jsonb("payload")
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Rendered once when queued, so delivery and the local mailbox never re-render. */
    subject: text("subject").notNull().default(""),
    html: text("html").notNull().default(""),
    text: text("text").notNull().default(""),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    sentAt: timestamptz("sent_at"),
    /** A shared body (bulk mail); then subject/html/text here are empty. */
    bodyId: uuid("body_id").references(() => emailBodies.id, { onDelete: "cascade" }),
    /** The list this message belongs to (unsubscribe target), with `payload.userId`. */
    list: text("list"),
    /** When the server refused it for good, or delivery found its address suppressed. */
    bouncedAt: timestamptz("bounced_at"),
    /** First time the message's image was loaded (opens of a post's email). */
    openedAt: timestamptz("opened_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("email_outbox_status_next_attempt_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_body_id_idx").on(t.bodyId),
    check("email_outbox_status_check", sql.raw(`status in ${sqlList(EMAIL_STATUSES)}`)),
  ],
);

/**
 * Addresses a mail server refused for good (an SMTP 5xx reply to RCPT TO): nothing more is sent to
 * them (their messages are marked "suppressed" without contacting the server) until an admin clears
 * the address. `address` is stored lower-cased; delivery compares lower-cased.
 */
export const emailSuppressions = pgTable("email_suppressions", {
  address: text("address").primaryKey(),
  /** The server's reply, e.g. "550 5.1.1 mailbox unavailable". */
  response: text("response").notNull(),
  /** The message that bounced (gone when the outbox is pruned). */
  outboxId: uuid("outbox_id").references(() => emailOutbox.id, { onDelete: "set null" }),
  createdAt: timestamptz("created_at").notNull().defaultNow(),
});

export const events = pgTable(
  "events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** e.g. "map_viewed", "spot_saved", "joined", "pricing_dialog_closed", "subscribed_paid". */
    type: text("type").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    anonymousId: text("anonymous_id"),
    targetType: text("target_type"),
    targetId: text("target_id"),
    /** Last-click creator credited for this event. */
    attributionCreatorId: text("attribution_creator_id").references(() => profiles.id, { onDelete: "set null" }),
    properties: jsonb("properties")
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("events_type_created_idx").on(t.type, t.createdAt),
    index("events_target_idx").on(t.targetType, t.targetId, t.createdAt),
    index("events_attribution_creator_idx").on(t.attributionCreatorId, t.createdAt),
    index("events_user_id_idx").on(t.userId),
  ],
);

/**
 * One row: a counter bumped by statement triggers (migration 0013) in the same transaction as
 * any write to the tables public pages are made of. Caches of public pages remember the counter
 * they were built at and are used only while it is unchanged: on every instance, from the very
 * next request after the commit (ADR 0020).
 */
export const publicContentVersion = pgTable(
  "public_content_version",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  () => [check("public_content_version_one_row", sql`id = 1`)],
);

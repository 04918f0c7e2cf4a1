/**
 * Creator onboarding (applications, agreement audit logs), creator posts,
 * editorial articles (Discover) and the admin creator-collab pipeline.
 *
 * Audit rows outlive their user: user_id becomes NULL when the account is
 * deleted, the agreement (version, ip, time) stays.
 */
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { SEARCH_CONFIG, sqlList, timestamps, timestamptz, tsvector, VISIBILITIES } from "./columns";
import { categories, maps } from "./maps";
import { profiles } from "./profiles";

/** pending → approved | rejected (by an admin) | withdrawn (by the applicant). */
export const APPLICATION_STATUSES = ["pending", "approved", "rejected", "withdrawn"] as const;

export const creatorApplications = pgTable(
  "creator_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Path of the uploaded PDF in the private `applications` bucket. */
    fileObject: text("file_object"),
    /** Shared Google Maps list link. */
    url: text("url"),
    status: text("status", { enum: APPLICATION_STATUSES }).notNull().default("pending"),
    reviewerId: text("reviewer_id").references(() => user.id, { onDelete: "set null" }),
    reviewedAt: timestamptz("reviewed_at"),
    /** Why an admin decided as they did (a rejection's reason is emailed to the applicant). */
    decisionReason: text("decision_reason"),
    ...timestamps(),
  },
  (t) => [
    index("creator_applications_user_id_idx").on(t.userId),
    index("creator_applications_status_idx").on(t.status, t.createdAt),
    index("creator_applications_reviewer_id_idx").on(t.reviewerId),
    // At most one pending application per user, even when two submissions race.
    uniqueIndex("creator_applications_one_pending_idx")
      .on(t.userId)
      .where(sql`status = 'pending'`),
    check("creator_applications_status_check", sql.raw(`status in ${sqlList(APPLICATION_STATUSES)}`)),
  ],
);

const agreementLog = (table: string) =>
  pgTable(
    table,
    {
      id: uuid("id").primaryKey().defaultRandom(),
      userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
      termsVersion: text("terms_version").notNull(),
      ip: text("ip"),
      createdAt: timestamptz("created_at").notNull().defaultNow(),
    },
    (t) => [index(`${table}_user_id_idx`).on(t.userId)],
  );

/** Creator terms agreements (terms, copyright policy, compensation terms). */
export const termsAuditLog = agreementLog("terms_audit_log");
/** Privacy-policy acceptances at sign-up. */
export const privacyPolicyAgreementAuditLog = agreementLog("privacy_policy_agreement_audit_log");

export const posts = pgTable(
  "posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creatorId: text("creator_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** The post's address under its creator (`/@handle/posts/{slug}`): follows the title until first published, then fixed. */
    slug: text("slug").notNull(),
    /** Markdown, sanitised on render. */
    bodyMarkdown: text("body_markdown").notNull().default(""),
    visibility: text("visibility", { enum: VISIBILITIES }).notNull().default("public"),
    /** NULL while a draft; a time still ahead while scheduled. */
    publishedAt: timestamptz("published_at"),
    /** When the post was first published (its slug is fixed from then on); kept when it is unpublished. */
    firstPublishedAt: timestamptz("first_published_at"),
    /** Bumped by every save: the editor's conflict check (as maps and spots have). */
    version: integer("version").notNull().default(1),
    /**
     * When the post's email went to the outbox (one message per follower and supporter). Set in the
     * transaction that queues them, so a post is emailed once, even with several app instances.
     */
    emailedAt: timestamptz("emailed_at"),
    emailRecipients: integer("email_recipients"),
    /** Search: the title for everyone who may see the post, the body only for viewers who may read it. */
    titleFts: tsvector("title_fts").generatedAlwaysAs(sql.raw(`to_tsvector('${SEARCH_CONFIG}', coalesce(title, ''))`)),
    bodyFts: tsvector("body_fts").generatedAlwaysAs(sql.raw(`to_tsvector('${SEARCH_CONFIG}', coalesce(body_markdown, ''))`)),
    ...timestamps(),
  },
  (t) => [
    index("posts_title_fts_idx").using("gin", t.titleFts),
    index("posts_body_fts_idx").using("gin", t.bodyFts),
    index("posts_creator_published_idx").on(t.creatorId, t.publishedAt.desc()),
    uniqueIndex("posts_creator_slug_idx").on(t.creatorId, t.slug),
    // The publication job's queue: published posts not yet emailed.
    index("posts_to_email_idx")
      .on(t.publishedAt)
      .where(sql`emailed_at is null and published_at is not null`),
    check("posts_visibility_check", sql.raw(`visibility in ${sqlList(VISIBILITIES)}`)),
  ],
);

/**
 * A member's private feed of one creator's posts: the URL carries a random token (only its hash is
 * kept) and reads what that member may read. Revoked from `/account`; dead once the membership ends,
 * because every read checks the member's entitlements at that moment.
 */
export const feedTokens = pgTable(
  "feed_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    creatorId: text("creator_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** SHA-256 of the token, hex. */
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    revokedAt: timestamptz("revoked_at"),
  },
  (t) => [index("feed_tokens_user_creator_idx").on(t.userId, t.creatorId)],
);

export const articles = pgTable(
  "articles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    /** Editorial kind, e.g. "guide", "list", "interview". */
    type: text("type").notNull().default("guide"),
    title: text("title").notNull(),
    summary: text("summary"),
    bodyMarkdown: text("body_markdown").notNull().default(""),
    coverImageUrl: text("cover_image_url"),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    isPublished: boolean("is_published").notNull().default(false),
    publishedAt: timestamptz("published_at"),
    ...timestamps(),
  },
  (t) => [
    index("articles_category_id_idx").on(t.categoryId),
    index("articles_published_at_idx")
      .on(t.publishedAt.desc())
      .where(sql`is_published`),
  ],
);

/** Maps featured in an article, in order. */
export const articleMaps = pgTable(
  "article_maps",
  {
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    mapId: uuid("map_id")
      .notNull()
      .references(() => maps.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ name: "article_maps_pk", columns: [t.articleId, t.mapId] }), index("article_maps_map_id_idx").on(t.mapId)],
);

/**
 * The slugs an article had before its current one (once it had been published): their
 * addresses redirect to the current one. A slug here belongs to that article alone, so no
 * other article may take it.
 */
export const articleSlugs = pgTable(
  "article_slugs",
  {
    slug: text("slug").primaryKey(),
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("article_slugs_article_id_idx").on(t.articleId)],
);

/** Creators an article is about, in order (shown when published). */
export const articleCreators = pgTable(
  "article_creators",
  {
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    creatorId: text("creator_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ name: "article_creators_pk", columns: [t.articleId, t.creatorId] }), index("article_creators_creator_id_idx").on(t.creatorId)],
);

/** A collaboration brief's statuses: proposed → accepted → in_progress → delivered → paid, or declined (app/modules/collabs/transitions.ts). */
export const COLLAB_STATUSES = ["proposed", "accepted", "in_progress", "delivered", "paid", "declined"] as const;

/** A paid collaboration an admin offers a creator (the back office's /admin/creator-collab); the creator answers it in the Studio. */
export const collabBriefs = pgTable(
  "collab_briefs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    creatorId: text("creator_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** Free text (a city or region); optional. */
    destination: text("destination"),
    /** The fee in euro cents. */
    feeCents: integer("fee_cents").notNull(),
    /** A calendar date (YYYY-MM-DD). */
    dueDate: date("due_date", { mode: "string" }).notNull(),
    status: text("status", { enum: COLLAB_STATUSES }).notNull().default("proposed"),
    notes: text("notes").notNull().default(""),
    /** The admin who proposed it (told of the creator's answers); NULL once that account is gone. */
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    index("collab_briefs_creator_id_idx").on(t.creatorId),
    index("collab_briefs_status_idx").on(t.status),
    check("collab_briefs_fee_check", sql`${t.feeCents} >= 0`),
    check("collab_briefs_status_check", sql.raw(`status in ${sqlList(COLLAB_STATUSES)}`)),
  ],
);

/** A brief's history: its creation, each status move (with the creator's or admin's message) and each note. */
export const collabBriefEvents = pgTable(
  "collab_brief_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    briefId: uuid("brief_id")
      .notNull()
      .references(() => collabBriefs.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** "admin" or "creator": who acted, kept when the account is gone. */
    actorRole: text("actor_role", { enum: ["admin", "creator"] }).notNull(),
    /** "created", "status", "note", "edited", "attachment_added", "attachment_removed". */
    kind: text("kind").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    message: text("message").notNull().default(""),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("collab_brief_events_brief_id_idx").on(t.briefId, t.createdAt)],
);

/** A file attached to a brief, kept in the private `documents` bucket under collabs/{briefId}/{id}.{ext}. */
export const collabAttachments = pgTable(
  "collab_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    briefId: uuid("brief_id")
      .notNull()
      .references(() => collabBriefs.id, { onDelete: "cascade" }),
    /** The name it was uploaded with (shown only; the stored key is ours). */
    fileName: text("file_name").notNull(),
    objectKey: text("object_key").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("collab_attachments_brief_id_idx").on(t.briefId)],
);

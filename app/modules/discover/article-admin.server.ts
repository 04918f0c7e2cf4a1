/**
 * The back office's writes to Discover articles: create, edit, publish, unpublish, delete, each in
 * one transaction with its audit entry (`record`, modules/audit), and the reads its pages need.
 *
 * The rules not obvious from the form:
 * - A slug is unique among articles' current slugs and the old slugs they keep. Once an article has
 *   been published (it has a publication time), a changed slug keeps the old one in
 *   `article_slugs`, whose address redirects (discover.server.ts); before that, nobody can have
 *   linked to it, and it is simply let go. Taking back one of its own old slugs is allowed.
 * - Related maps and creators are picked among what anyone may see (published maps of published
 *   creators, published creators); one already related that has since gone private may stay (the
 *   public page leaves it out) so that an edit is not refused for a change elsewhere.
 * - Publishing makes the article public at once: its publication time is now unless it had an
 *   earlier one (an article published before and unpublished keeps its date).
 * - Covers are checked and stored (images room) before the transaction, removed again when the
 *   write is refused, and the replaced cover's files go after the commit.
 */
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { isUuid } from "~/lib/ids";
import { slugify } from "~/lib/slug";
import { articleCreators, articleMaps, articleSlugs, articles, categories, maps, profiles, UNACCENT_FN } from "#db/schema";
import { record, type AuditActor } from "~/modules/audit/index.server";
import { publishedCreatorSql } from "~/modules/creators/index.server";
import { NO_ENTITLEMENTS } from "~/modules/gate";
import { canSeeSql, mapItem } from "~/modules/gate/index.server";
import { removeCover, storeCover } from "~/modules/images/index.server";
import { ARTICLE_LIMITS, ARTICLE_MESSAGES, type ArticleFields, type ArticleIntent, type ArticleStatus } from "./article-validation";

/** Published maps of published creators: what may be newly related. */
const visibleMap = canSeeSql(NO_ENTITLEMENTS, mapItem);

export interface ArticleRow {
  id: string;
  title: string;
  slug: string;
  type: string;
  status: ArticleStatus;
  updatedAt: Date;
  publishedAt: Date | null;
}

const statusSql = sql<ArticleStatus>`case when not ${articles.isPublished} then 'draft' when ${articles.publishedAt} is null or ${articles.publishedAt} > now() then 'scheduled' else 'published' end`;

/** Every article, the last edited first. */
export async function listArticlesForAdmin(db: Database): Promise<ArticleRow[]> {
  return db
    .select({
      id: articles.id,
      title: articles.title,
      slug: articles.slug,
      type: articles.type,
      status: statusSql,
      updatedAt: articles.updatedAt,
      publishedAt: articles.publishedAt,
    })
    .from(articles)
    .orderBy(desc(articles.updatedAt), asc(articles.title));
}

export interface RelatedMap {
  id: string;
  title: string;
  currentSlug: string;
  creatorHandle: string | null;
  /** Anyone may see it now (a map that went private stays related but is not shown). */
  visible: boolean;
}

export interface RelatedCreator {
  id: string;
  handle: string | null;
  displayName: string | null;
  visible: boolean;
}

export interface EditableArticle {
  id: string;
  title: string;
  slug: string;
  type: string;
  summary: string | null;
  categoryId: string | null;
  bodyMarkdown: string;
  coverImageUrl: string | null;
  status: ArticleStatus;
  publishedAt: Date | null;
  updatedAt: Date;
  maps: RelatedMap[];
  creators: RelatedCreator[];
  /** Slugs it had before, whose addresses redirect to it. */
  oldSlugs: string[];
}

async function relatedMaps(db: Database | Transaction, ids: string[]): Promise<RelatedMap[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: maps.id,
      title: maps.title,
      currentSlug: maps.currentSlug,
      creatorHandle: profiles.handle,
      visible: sql<boolean>`(${visibleMap})`,
    })
    .from(maps)
    .innerJoin(profiles, eq(profiles.id, maps.ownerId))
    .where(inArray(maps.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

async function relatedCreators(db: Database | Transaction, ids: string[]): Promise<RelatedCreator[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: profiles.id, handle: profiles.handle, displayName: profiles.displayName, visible: sql<boolean>`(${publishedCreatorSql})` })
    .from(profiles)
    .where(inArray(profiles.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One article as the editor shows it, or null. */
export async function articleForEditing(db: Database, id: string): Promise<EditableArticle | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: articles.id,
      title: articles.title,
      slug: articles.slug,
      type: articles.type,
      summary: articles.summary,
      categoryId: articles.categoryId,
      bodyMarkdown: articles.bodyMarkdown,
      coverImageUrl: articles.coverImageUrl,
      status: statusSql,
      publishedAt: articles.publishedAt,
      updatedAt: articles.updatedAt,
    })
    .from(articles)
    .where(eq(articles.id, id));
  if (!row) return null;
  const [mapIds, creatorIds, oldSlugs] = await Promise.all([
    db.select({ id: articleMaps.mapId }).from(articleMaps).where(eq(articleMaps.articleId, id)).orderBy(asc(articleMaps.position), asc(articleMaps.mapId)),
    db
      .select({ id: articleCreators.creatorId })
      .from(articleCreators)
      .where(eq(articleCreators.articleId, id))
      .orderBy(asc(articleCreators.position), asc(articleCreators.creatorId)),
    db.select({ slug: articleSlugs.slug }).from(articleSlugs).where(eq(articleSlugs.articleId, id)).orderBy(asc(articleSlugs.createdAt)),
  ]);
  return {
    ...row,
    maps: await relatedMaps(
      db,
      mapIds.map((m) => m.id),
    ),
    creators: await relatedCreators(
      db,
      creatorIds.map((c) => c.id),
    ),
    oldSlugs: oldSlugs.map((s) => s.slug),
  };
}

/** The site-wide categories an article may be filed under, in the admin's order. */
export async function articleCategoryChoices(db: Database): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(sql`${categories.ownerId} is null`)
    .orderBy(asc(categories.position), asc(categories.name));
}

const RELATED_RESULTS = 8;

function nameLike(column: unknown, q: string) {
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const fn = sql.raw(UNACCENT_FN);
  return sql`lower(${fn}(${column})) like '%' || lower(${fn}(${escaped})) || '%'`;
}

/** Published maps whose title, and published creators whose name or handle, contain `q` (accents ignored). */
export async function searchRelated(db: Database, query: string): Promise<{ maps: RelatedMap[]; creators: RelatedCreator[] }> {
  const q = query.trim().replace(/^@/, "").slice(0, 100);
  if (q.length < 2) return { maps: [], creators: [] };
  const [mapRows, creatorRows] = await Promise.all([
    db
      .select({ id: maps.id, title: maps.title, currentSlug: maps.currentSlug, creatorHandle: profiles.handle })
      .from(maps)
      .innerJoin(profiles, eq(profiles.id, maps.ownerId))
      .where(and(visibleMap, nameLike(maps.title, q)))
      .orderBy(asc(maps.title))
      .limit(RELATED_RESULTS),
    db
      .select({ id: profiles.id, handle: profiles.handle, displayName: profiles.displayName })
      .from(profiles)
      .where(and(publishedCreatorSql, sql`${profiles.handle} is not null`, sql`(${nameLike(profiles.displayName, q)} or ${nameLike(profiles.handle, q)})`))
      .orderBy(asc(profiles.handle))
      .limit(RELATED_RESULTS),
  ]);
  return { maps: mapRows.map((m) => ({ ...m, visible: true })), creators: creatorRows.map((c) => ({ ...c, visible: true })) };
}

export interface ArticleWrite {
  fields: ArticleFields;
  mapIds: string[];
  creatorIds: string[];
  /** A new cover's bytes (checked here), or "remove", or undefined to keep the cover. */
  cover?: Uint8Array | "remove";
  intent: ArticleIntent;
}

export type ArticleWriteResult =
  | { ok: true; id: string; slug: string; status: ArticleStatus }
  | { ok: false; status: 400 | 404; error?: string; fieldErrors?: Partial<Record<string, string>> };

/** What the audit log keeps of an article, before and after. */
async function snapshot(tx: Transaction, id: string) {
  const [row] = await tx
    .select({
      title: articles.title,
      slug: articles.slug,
      type: articles.type,
      summary: articles.summary,
      categoryId: articles.categoryId,
      coverImageUrl: articles.coverImageUrl,
      bodyMarkdown: articles.bodyMarkdown,
      isPublished: articles.isPublished,
      publishedAt: articles.publishedAt,
    })
    .from(articles)
    .where(eq(articles.id, id));
  if (!row) return null;
  const [mapRows, creatorRows] = await Promise.all([
    tx.select({ id: articleMaps.mapId }).from(articleMaps).where(eq(articleMaps.articleId, id)).orderBy(asc(articleMaps.position)),
    tx.select({ id: articleCreators.creatorId }).from(articleCreators).where(eq(articleCreators.articleId, id)).orderBy(asc(articleCreators.position)),
  ]);
  return { ...row, publishedAt: row.publishedAt?.toISOString() ?? null, mapIds: mapRows.map((m) => m.id), creatorIds: creatorRows.map((c) => c.id) };
}

class Refused extends Error {
  constructor(readonly result: Extract<ArticleWriteResult, { ok: false }>) {
    super("refused");
  }
}

const refuse = (fieldErrors: Partial<Record<string, string>>): never => {
  throw new Refused({ ok: false, status: 400, fieldErrors });
};

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/**
 * Create (`id` null) or edit an article, and publish or unpublish it when asked, in one
 * transaction with one audit entry: `article.created`, `.updated`, `.published` or `.unpublished`.
 */
export async function saveArticle(db: Database, actor: AuditActor, id: string | null, write: ArticleWrite): Promise<ArticleWriteResult> {
  if (id !== null && !isUuid(id)) return { ok: false, status: 404, error: ARTICLE_MESSAGES.notFound };
  const { fields, mapIds, creatorIds, intent } = write;
  const errors: Partial<Record<string, string>> = {};
  const slug = fields.slug || slugify(fields.title, "article").slice(0, ARTICLE_LIMITS.slug).replace(/-+$/, "");
  if (intent === "publish" && !fields.bodyMarkdown.trim()) errors.bodyMarkdown = ARTICLE_MESSAGES.bodyRequiredToPublish;
  if (mapIds.length > ARTICLE_LIMITS.related) errors.mapIds = ARTICLE_MESSAGES.tooManyRelated;
  if (creatorIds.length > ARTICLE_LIMITS.related) errors.creatorIds = ARTICLE_MESSAGES.tooManyRelated;

  // The cover is checked by its bytes before anything is written; stored, it is removed again if the write is refused.
  let newCover: string | null = null;
  if (write.cover instanceof Uint8Array) {
    const stored = await storeCover(write.cover);
    if (stored.ok) newCover = stored.url;
    else errors.cover = stored.error;
  }
  if (Object.keys(errors).length > 0) {
    await removeCover(newCover);
    return { ok: false, status: 400, fieldErrors: errors };
  }

  let replacedCover: string | null = null;
  try {
    const result = await db.transaction(async (tx) => {
      const before = id === null ? null : await snapshot(tx, id);
      if (id !== null && !before) throw new Refused({ ok: false, status: 404, error: ARTICLE_MESSAGES.notFound });
      // Lock the row: two admins saving at once write one after the other.
      if (id !== null) await tx.select({ id: articles.id }).from(articles).where(eq(articles.id, id)).for("update");

      const [clash] = await tx
        .select({ id: articles.id })
        .from(articles)
        .where(and(eq(articles.slug, slug), id === null ? undefined : ne(articles.id, id)))
        .limit(1);
      if (clash) refuse({ slug: ARTICLE_MESSAGES.slugTaken });
      const [oldClash] = await tx
        .select({ id: articleSlugs.articleId })
        .from(articleSlugs)
        .where(and(eq(articleSlugs.slug, slug), id === null ? undefined : ne(articleSlugs.articleId, id)))
        .limit(1);
      if (oldClash) refuse({ slug: ARTICLE_MESSAGES.slugTakenByOld });

      if (fields.categoryId) {
        const [category] = await tx
          .select({ id: categories.id })
          .from(categories)
          .where(and(eq(categories.id, fields.categoryId), sql`${categories.ownerId} is null`));
        if (!category) refuse({ categoryId: ARTICLE_MESSAGES.category });
      }

      // Newly related maps and creators must be visible to anyone; those already related may stay.
      const keptMaps = new Set(before?.mapIds ?? []);
      const newMaps = mapIds.filter((m) => !keptMaps.has(m));
      if (newMaps.length) {
        const visible = await tx
          .select({ id: maps.id })
          .from(maps)
          .innerJoin(profiles, eq(profiles.id, maps.ownerId))
          .where(and(inArray(maps.id, newMaps), visibleMap));
        if (visible.length !== newMaps.length) refuse({ mapIds: ARTICLE_MESSAGES.mapsNotPublished });
      }
      const keptCreators = new Set(before?.creatorIds ?? []);
      const newCreators = creatorIds.filter((c) => !keptCreators.has(c));
      if (newCreators.length) {
        const visible = await tx
          .select({ id: profiles.id })
          .from(profiles)
          .where(and(inArray(profiles.id, newCreators), publishedCreatorSql));
        if (visible.length !== newCreators.length) refuse({ creatorIds: ARTICLE_MESSAGES.creatorsNotPublished });
      }

      const coverImageUrl = newCover ?? (write.cover === "remove" ? null : (before?.coverImageUrl ?? null));
      const values = {
        title: fields.title,
        slug,
        type: fields.type,
        summary: fields.summary,
        categoryId: fields.categoryId,
        bodyMarkdown: fields.bodyMarkdown,
        coverImageUrl,
      };
      const publication =
        intent === "publish"
          ? // Public at once: now, unless it was published earlier (and since unpublished).
            { isPublished: true, publishedAt: sql`least(${articles.publishedAt}, now())` }
          : intent === "unpublish"
            ? { isPublished: false }
            : {};

      let articleId: string;
      if (id === null) {
        const [row] = await tx
          .insert(articles)
          .values({ ...values, ...(intent === "publish" ? { isPublished: true, publishedAt: sql`now()` } : {}) })
          .returning({ id: articles.id });
        articleId = row.id;
      } else {
        articleId = id;
        await tx
          .update(articles)
          .set({ ...values, ...publication, updatedAt: new Date() })
          .where(eq(articles.id, id));
        if (before!.slug !== slug) {
          // Its own old slug taken back is no longer an old one.
          await tx.delete(articleSlugs).where(and(eq(articleSlugs.slug, slug), eq(articleSlugs.articleId, id)));
          // Once published, links to the old address may exist: it keeps redirecting here.
          if (before!.publishedAt !== null) await tx.insert(articleSlugs).values({ slug: before!.slug, articleId: id }).onConflictDoNothing();
        }
        await tx.delete(articleMaps).where(eq(articleMaps.articleId, id));
        await tx.delete(articleCreators).where(eq(articleCreators.articleId, id));
      }
      if (mapIds.length) await tx.insert(articleMaps).values(mapIds.map((mapId, position) => ({ articleId, mapId, position })));
      if (creatorIds.length) await tx.insert(articleCreators).values(creatorIds.map((creatorId, position) => ({ articleId, creatorId, position })));

      const after = await snapshot(tx, articleId);
      const action =
        id === null ? "article.created" : intent === "publish" ? "article.published" : intent === "unpublish" ? "article.unpublished" : "article.updated";
      await record(tx, actor, action, { type: "article", id: articleId }, before, after);
      if (before?.coverImageUrl && before.coverImageUrl !== coverImageUrl) replacedCover = before.coverImageUrl;
      const [{ status }] = await tx.select({ status: statusSql }).from(articles).where(eq(articles.id, articleId));
      return { ok: true as const, id: articleId, slug, status };
    });
    await removeCover(replacedCover);
    return result;
  } catch (error) {
    await removeCover(newCover);
    if (error instanceof Refused) return error.result;
    // Another save took the slug between the check and the write.
    if (isUniqueViolation(error)) return { ok: false, status: 400, fieldErrors: { slug: ARTICLE_MESSAGES.slugTaken } };
    throw error;
  }
}

/** Delete an article for good (its old slugs, maps and creators go with it); its cover's files after the commit. */
export async function deleteArticle(db: Database, actor: AuditActor, id: string): Promise<{ ok: true } | { ok: false; status: 404; error: string }> {
  if (!isUuid(id)) return { ok: false, status: 404, error: ARTICLE_MESSAGES.notFound };
  const removed = await db.transaction(async (tx) => {
    const before = await snapshot(tx, id);
    if (!before) return null;
    await tx.delete(articles).where(eq(articles.id, id));
    await record(tx, actor, "article.deleted", { type: "article", id }, before, null);
    return before;
  });
  if (!removed) return { ok: false, status: 404, error: ARTICLE_MESSAGES.notFound };
  await removeCover(removed.coverImageUrl);
  return { ok: true };
}

/** The maps and creators named by ids, as the editor lists them (a refused form shows what was chosen). */
export async function relatedChoices(db: Database, mapIds: string[], creatorIds: string[]): Promise<{ maps: RelatedMap[]; creators: RelatedCreator[] }> {
  const [mapRows, creatorRows] = await Promise.all([relatedMaps(db, mapIds), relatedCreators(db, creatorIds)]);
  return { maps: mapRows, creators: creatorRows };
}

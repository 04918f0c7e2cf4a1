/**
 * Every write to a post, from the Studio: a new draft, the editor's save, publish now, schedule,
 * unpublish, delete. Every function is scoped by creator: a post id that is not theirs is "not
 * found", never a hint that it exists, and changes nothing.
 *
 * - A save carries the version the editor loaded; an older one is a conflict answered with the
 *   server's copy (the creator chooses Keep mine / Use theirs), in one conditional UPDATE, so two
 *   saves of one version cannot both win.
 * - The slug (its address under the creator, unique per creator) follows the title until the post
 *   is first out, then stays. A scheduled post counts as out from its time: `first_published_at`
 *   holds that time while it is ahead, and unscheduling a post that never went out frees the slug.
 * - Unpublishing keeps `emailed_at`: a post is emailed once, however often it is published again.
 *   Deleting is for good (a scheduled post deleted before its time is never sent).
 * - What the public sees is cached per content version (ADR 0020): the triggers of migration 0018
 *   bump it in the same transaction for any write to a post with a publication time, so a publish,
 *   an unpublish, the delete of a published post or the save of one invalidates every cached page,
 *   and a draft's autosaves do not.
 */
import { and, desc, eq, ilike, isNotNull, isNull, like, ne, or, sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { isUuid } from "~/lib/ids";
import { slugify } from "~/lib/slug";
import { isUniqueViolation } from "~/modules/maps/index.server";
import { emailBodies, emailOutbox, events, maps, posts, spots } from "#db/schema";
import { cancelBulk } from "~/modules/email/index.server";
import { MODERATION_MESSAGES } from "~/modules/moderation";
import { isTakenDown } from "~/modules/moderation/index.server";
import { contentOf, type EditablePost, type LinkablePlace } from "./editable-post";
import { kickPostDelivery } from "./post-delivery.server";
import { postStatus, type PostStatus } from "./post-access";
import { DEFAULT_POST_TITLE, POST_LIMITS, POST_MESSAGES, postContentSchema, type PostContentInput } from "./post-validation";
import { fieldErrors, type FieldErrors } from "~/lib/form-validation";

type Db = Database | Transaction;

const SLUG_MAX = 80;

const editableColumns = {
  id: posts.id,
  title: posts.title,
  slug: posts.slug,
  bodyMarkdown: posts.bodyMarkdown,
  visibility: posts.visibility,
  publishedAt: posts.publishedAt,
  firstPublishedAt: posts.firstPublishedAt,
  version: posts.version,
  updatedAt: posts.updatedAt,
};

type PostRow = {
  id: string;
  title: string;
  slug: string;
  bodyMarkdown: string;
  visibility: EditablePost["visibility"];
  publishedAt: Date | null;
  firstPublishedAt: Date | null;
  version: number;
  updatedAt: Date;
};

/** Whether the slug is fixed: the post has been out (its first publication time has come). */
function slugFixed(row: Pick<PostRow, "firstPublishedAt">, now: Date): boolean {
  return row.firstPublishedAt !== null && row.firstPublishedAt.getTime() <= now.getTime();
}

function toEditable(row: PostRow, now: Date): EditablePost {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    bodyMarkdown: row.bodyMarkdown,
    visibility: row.visibility,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    firstPublishedAt: row.firstPublishedAt?.toISOString() ?? null,
    status: postStatus(row.publishedAt, now),
    slugFixed: slugFixed(row, now),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const owned = (creatorId: string, postId: string) => and(eq(posts.id, postId), eq(posts.creatorId, creatorId));

async function ownedRow(db: Db, creatorId: string, postId: string, lock = false): Promise<PostRow | undefined> {
  if (!isUuid(postId)) return undefined;
  const query = db.select(editableColumns).from(posts).where(owned(creatorId, postId)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/** The creator's post as the editor shows it, or null when it is not theirs (or does not exist). */
export async function loadEditablePost(db: Db, creatorId: string, postId: string, now = new Date()): Promise<EditablePost | null> {
  const row = await ownedRow(db, creatorId, postId);
  return row ? toEditable(row, now) : null;
}

/** The first slug for `title` free among the creator's other posts: the base, or the base with the lowest free number. */
async function freePostSlug(db: Db, creatorId: string, title: string, exceptPostId?: string): Promise<string> {
  let made = slugify(title, "post");
  if (made.length > SLUG_MAX) made = made.slice(0, SLUG_MAX).replace(/-[^-]*$/, "") || made.slice(0, SLUG_MAX);
  // A post may be addressed by its id (the posts written before slugs were): a slug never looks like one.
  const base = isUuid(made) ? `post-${made}` : made;
  const pattern = `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`;
  const taken = new Set(
    (
      await db
        .select({ slug: posts.slug })
        .from(posts)
        .where(and(eq(posts.creatorId, creatorId), or(eq(posts.slug, base), like(posts.slug, pattern)), exceptPostId ? ne(posts.id, exceptPostId) : undefined))
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Two writes choosing the same free slug at once: the loser tries again with the slugs as they are now. */
async function retryingSlugRace<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}

/** A new draft, "Untitled post", public, for the editor to open. */
export async function createDraftPost(db: Database, creatorId: string): Promise<{ postId: string }> {
  return retryingSlugRace(async () => {
    const slug = await freePostSlug(db, creatorId, DEFAULT_POST_TITLE);
    const [row] = await db
      .insert(posts)
      .values({ creatorId, title: DEFAULT_POST_TITLE, slug, bodyMarkdown: "", visibility: "public" })
      .returning({ id: posts.id });
    return { postId: row.id };
  });
}

export type SavePostResult =
  | { ok: true; post: EditablePost }
  | { ok: false; status: 404; error: string }
  | { ok: false; status: 409; current: EditablePost }
  | { ok: false; status: 400; error: string; fieldErrors: FieldErrors };

/** Check the editor's fields (title, bodyMarkdown, visibility) with the shared rules. */
export function parsePostContent(input: unknown): { ok: true; content: PostContentInput } | { ok: false; error: string; fieldErrors: FieldErrors } {
  const parsed = postContentSchema.safeParse(input);
  if (parsed.success) return { ok: true, content: parsed.data };
  const errors = fieldErrors(parsed.error);
  return { ok: false, error: Object.values(errors)[0] ?? POST_MESSAGES.reloadAndRetry, fieldErrors: errors };
}

async function saveIn(tx: Transaction, creatorId: string, postId: string, version: number, content: PostContentInput, now: Date): Promise<SavePostResult> {
  const current = await ownedRow(tx, creatorId, postId);
  if (!current) return { ok: false, status: 404, error: POST_MESSAGES.notFound };
  const slug = slugFixed(current, now) ? current.slug : await freePostSlug(tx, creatorId, content.title, postId);
  const [updated] = await tx
    .update(posts)
    .set({ title: content.title, bodyMarkdown: content.bodyMarkdown, visibility: content.visibility, slug, version: sql`${posts.version} + 1`, updatedAt: now })
    .where(and(owned(creatorId, postId), eq(posts.version, version)))
    .returning(editableColumns);
  if (!updated) {
    const server = await ownedRow(tx, creatorId, postId);
    return server ? { ok: false, status: 409, current: toEditable(server, now) } : { ok: false, status: 404, error: POST_MESSAGES.notFound };
  }
  return { ok: true, post: toEditable(updated, now) };
}

/**
 * Save the editor's fields if `version` is still the post's; the version is bumped and, until
 * the post is first out, the slug follows the title. Bad input (an empty title) changes nothing.
 */
export async function savePost(db: Database, creatorId: string, postId: string, version: number, input: unknown, now = new Date()): Promise<SavePostResult> {
  const parsed = parsePostContent(input);
  if (!parsed.ok) {
    // Not the creator's post: a 404 whatever the fields say.
    if (!(await ownedRow(db, creatorId, postId))) return { ok: false, status: 404, error: POST_MESSAGES.notFound };
    return { ok: false, status: 400, error: parsed.error, fieldErrors: parsed.fieldErrors };
  }
  return retryingSlugRace(() => db.transaction((tx) => saveIn(tx, creatorId, postId, version, parsed.content, now)));
}

export type PublicationChange = { kind: "publish" } | { kind: "schedule"; at: Date } | { kind: "unpublish" };

export type PublicationResult =
  | { ok: true; post: EditablePost; status: PostStatus }
  | { ok: false; status: 404; error: string }
  | { ok: false; status: 409; current: EditablePost }
  | { ok: false; status: 400; error: string; fieldErrors: FieldErrors };

/**
 * Publish now, schedule (a time already past publishes now) or unpublish, optionally saving the
 * editor's fields first in the same transaction (a form posted without JavaScript carries them,
 * with the version they were made against; fields equal to the saved ones are not a save). The
 * version is left alone: it guards the text against stale saves, and a publication made meanwhile
 * is no reason to refuse one.
 */
export async function changePublication(
  db: Database,
  creatorId: string,
  postId: string,
  change: PublicationChange,
  options: { now?: Date; content?: { version: number; fields: unknown } } = {},
): Promise<PublicationResult> {
  const now = options.now ?? new Date();
  let content: PostContentInput | undefined;
  if (options.content) {
    const parsed = parsePostContent(options.content.fields);
    if (!parsed.ok) {
      if (!(await ownedRow(db, creatorId, postId))) return { ok: false, status: 404, error: POST_MESSAGES.notFound };
      return { ok: false, status: 400, error: parsed.error, fieldErrors: parsed.fieldErrors };
    }
    content = parsed.content;
  }
  const result = await retryingSlugRace(() =>
    db.transaction(async (tx): Promise<PublicationResult> => {
      const current = await ownedRow(tx, creatorId, postId, true);
      if (!current) return { ok: false, status: 404, error: POST_MESSAGES.notFound };
      // Taken down by an admin: only a restore publishes it again (the database refuses it anyway).
      if (change.kind !== "unpublish" && (await isTakenDown(tx, "post", postId))) {
        return { ok: false, status: 400, error: MODERATION_MESSAGES.takenDownPublish, fieldErrors: {} };
      }
      if (content && options.content && JSON.stringify(contentOf(current)) !== JSON.stringify(content)) {
        const saved = await saveIn(tx, creatorId, postId, options.content.version, content, now);
        if (!saved.ok) return saved;
      }
      const at = change.kind === "schedule" && change.at.getTime() > now.getTime() ? change.at : now;
      const outAlready = slugFixed(current, now);
      let set: Partial<typeof posts.$inferInsert>;
      if (change.kind === "unpublish") {
        // A post that never went out has no first publication to keep (its slug follows the title again).
        set = { publishedAt: null, firstPublishedAt: outAlready ? current.firstPublishedAt : null };
      } else if (change.kind === "publish" && current.publishedAt && current.publishedAt.getTime() <= now.getTime()) {
        // Already out: publishing again changes nothing (its date stays).
        set = {};
      } else {
        set = { publishedAt: at, firstPublishedAt: outAlready ? current.firstPublishedAt : at };
      }
      if (Object.keys(set).length > 0) await tx.update(posts).set(set).where(owned(creatorId, postId));
      const row = (await ownedRow(tx, creatorId, postId))!;
      return { ok: true, post: toEditable(row, now), status: postStatus(row.publishedAt, now) };
    }),
  );
  // Out now: its followers get it now rather than at the job's next round.
  if (result.ok && result.status === "published") kickPostDelivery();
  return result;
}

export type DeletePostResult = { ok: true; title: string; imageUrls: string[] } | { ok: false; status: 404; error: string };

/**
 * Delete the post for good. Its uploaded images (our post-images URLs in its body) that no other
 * post shows are returned for the caller to remove once this has committed.
 */
export async function deletePost(db: Database, creatorId: string, postId: string): Promise<DeletePostResult> {
  if (!isUuid(postId)) return { ok: false, status: 404, error: POST_MESSAGES.notFound };
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(posts).where(owned(creatorId, postId)).returning({ title: posts.title, bodyMarkdown: posts.bodyMarkdown });
    if (!deleted) return { ok: false, status: 404, error: POST_MESSAGES.notFound } as const;
    // Its email, if still going out, stops here.
    await cancelBulk(tx, `post:${postId}:`);
    const urls = [...new Set(deleted.bodyMarkdown.match(/\/uploads\/post-images\/[0-9a-f]{2}\/[0-9a-f-]{36}-\d{1,4}\.webp/g) ?? [])];
    const unused: string[] = [];
    for (const url of urls) {
      const id = url.slice(url.lastIndexOf("/") + 1).replace(/-\d+\.webp$/, "");
      const [elsewhere] = await tx
        .select({ id: posts.id })
        .from(posts)
        .where(sql`strpos(${posts.bodyMarkdown}, ${id}) > 0`)
        .limit(1);
      if (!elsewhere) unused.push(url);
    }
    return { ok: true, title: deleted.title, imageUrls: unused } as const;
  });
}

/** A row of the Studio's list. */
export interface StudioPostRow {
  id: string;
  title: string;
  visibility: EditablePost["visibility"];
  status: PostStatus;
  /** The date the list shows: published or scheduled for, else last edited. */
  date: string;
  views: number;
  opens: number;
}

/** The creator's posts, newest first, with their views (post page) and opens (email), filtered by status. */
export async function studioPostList(db: Database, creatorId: string, options: { status?: PostStatus | null; now?: Date } = {}): Promise<StudioPostRow[]> {
  const now = options.now ?? new Date();
  const at = now.toISOString();
  const statusWhere: Record<PostStatus, SQL | undefined> = {
    draft: isNull(posts.publishedAt),
    scheduled: and(isNotNull(posts.publishedAt), sql`${posts.publishedAt} > ${at}::timestamptz`),
    published: and(isNotNull(posts.publishedAt), sql`${posts.publishedAt} <= ${at}::timestamptz`),
  };
  const views = db
    .select({ count: sql<number>`count(*)::int` })
    .from(events)
    .where(and(eq(events.type, "post_viewed"), eq(events.targetType, "post"), eq(events.targetId, sql`${posts.id}::text`)));
  const opens = db
    .select({ count: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .innerJoin(emailBodies, eq(emailBodies.id, emailOutbox.bodyId))
    .where(and(isNotNull(emailOutbox.openedAt), like(emailBodies.ref, sql`'post:' || ${posts.id}::text || ':%'`)));
  const rows = await db
    .select({
      id: posts.id,
      title: posts.title,
      visibility: posts.visibility,
      publishedAt: posts.publishedAt,
      updatedAt: posts.updatedAt,
      views: sql<number>`(${views})`,
      opens: sql<number>`(${opens})`,
    })
    .from(posts)
    .where(and(eq(posts.creatorId, creatorId), options.status ? statusWhere[options.status] : undefined))
    .orderBy(desc(sql`coalesce(${posts.publishedAt}, ${posts.updatedAt})`), desc(posts.createdAt));
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    visibility: row.visibility,
    status: postStatus(row.publishedAt, now),
    date: (row.publishedAt ?? row.updatedAt).toISOString(),
    views: Number(row.views),
    opens: Number(row.opens),
  }));
}

/** The creator's maps and spots whose title or name matches `query` (every map, newest first, when it is empty). */
export async function linkablePlaces(db: Database, creatorId: string, query: string): Promise<LinkablePlace[]> {
  const q = query.trim().slice(0, 100);
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [mapRows, spotRows] = await Promise.all([
    db
      .select({ id: maps.id, title: maps.title, slug: maps.currentSlug, isPublished: maps.isPublished })
      .from(maps)
      .where(and(eq(maps.ownerId, creatorId), q ? ilike(maps.title, pattern) : undefined))
      .orderBy(desc(maps.updatedAt))
      .limit(q ? 8 : 20),
    q
      ? db
          .select({
            id: spots.id,
            name: spots.name,
            slug: spots.slug,
            mapTitle: maps.title,
            mapSlug: maps.currentSlug,
            isPublished: sql<boolean>`(${spots.isPublished} and ${maps.isPublished})`,
          })
          .from(spots)
          .innerJoin(maps, eq(maps.id, spots.mapId))
          .where(and(eq(maps.ownerId, creatorId), ilike(spots.name, pattern)))
          .orderBy(spots.name)
          .limit(20)
      : Promise.resolve([]),
  ]);
  return [
    ...mapRows.map((m) => ({ kind: "map" as const, id: m.id, title: m.title, mapTitle: null, href: `/maps/${m.slug}`, isPublished: m.isPublished })),
    ...spotRows.map((s) => ({
      kind: "spot" as const,
      id: s.id,
      title: s.name,
      mapTitle: s.mapTitle,
      href: `/maps/${s.mapSlug}/spots/${s.slug}`,
      isPublished: Boolean(s.isPublished),
    })),
  ];
}

/** One of the creator's maps or spots by id ("map:{id}" or "spot:{id}"), as the picker offers it; null when it is not theirs. */
export async function linkablePlace(db: Database, creatorId: string, ref: string): Promise<LinkablePlace | null> {
  const [kind, id] = ref.split(":");
  if (!isUuid(id ?? "")) return null;
  if (kind === "map") {
    const [m] = await db
      .select({ id: maps.id, title: maps.title, slug: maps.currentSlug, isPublished: maps.isPublished })
      .from(maps)
      .where(and(eq(maps.id, id), eq(maps.ownerId, creatorId)))
      .limit(1);
    return m ? { kind: "map", id: m.id, title: m.title, mapTitle: null, href: `/maps/${m.slug}`, isPublished: m.isPublished } : null;
  }
  if (kind !== "spot") return null;
  const [s] = await db
    .select({
      id: spots.id,
      name: spots.name,
      slug: spots.slug,
      mapTitle: maps.title,
      mapSlug: maps.currentSlug,
      isPublished: sql<boolean>`(${spots.isPublished} and ${maps.isPublished})`,
    })
    .from(spots)
    .innerJoin(maps, eq(maps.id, spots.mapId))
    .where(and(eq(spots.id, id), eq(maps.ownerId, creatorId)))
    .limit(1);
  return s
    ? { kind: "spot", id: s.id, title: s.name, mapTitle: s.mapTitle, href: `/maps/${s.mapSlug}/spots/${s.slug}`, isPublished: Boolean(s.isPublished) }
    : null;
}

/**
 * Add a block (an image, a map or spot card) at the end of the body: the editor's forms without
 * JavaScript, which have no cursor to insert at. A save like any other (version bumped; the
 * trigger bumps the public content version when the post is out).
 */
export async function appendToBody(db: Database, creatorId: string, postId: string, block: string, now = new Date()): Promise<EditablePost | null> {
  if (!isUuid(postId)) return null;
  const [row] = await db
    .update(posts)
    .set({
      bodyMarkdown: sql`case when btrim(${posts.bodyMarkdown}) = '' then ${block} else rtrim(${posts.bodyMarkdown}) || ${`\n\n${block}`} end`,
      version: sql`${posts.version} + 1`,
      updatedAt: now,
    })
    // A body already at its limit takes nothing more (the editor says so; nothing changes).
    .where(and(owned(creatorId, postId), sql`char_length(${posts.bodyMarkdown}) + ${block.length + 2} <= ${POST_LIMITS.body}`))
    .returning(editableColumns);
  return row ? toEditable(row, now) : null;
}

/** Whether the creator has written any post at all (an empty filter is not an empty Studio). */
export async function hasPosts(db: Database, creatorId: string): Promise<boolean> {
  const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.creatorId, creatorId)).limit(1);
  return Boolean(row);
}

/** Whether the post is the creator's (an upload checks before it stores anything). */
export async function ownsPost(db: Database, creatorId: string, postId: string): Promise<boolean> {
  return Boolean(await ownedRow(db, creatorId, postId));
}

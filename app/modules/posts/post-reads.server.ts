/**
 * Posts as a viewer may read them on public pages (the creator's Posts tab, a post's page, the
 * Atlas feed, feeds): published ones only — a draft or a scheduled post exists only in the Studio,
 * for its creator and admins, until its time. Rows are found through the gate's SQL form
 * (`canSeeSql` on `postItem`), then each is decided by the pure gate (`gatePost`), so a locked
 * post's value has no body at all: only its title, date and teaser (the first paragraph) leave
 * this file.
 */
import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { posts, profiles } from "#db/schema";
import type { Database } from "~/lib/db.server";
import { isUuid } from "~/lib/ids";
import { creatorSeenBySql } from "~/modules/creators/index.server";
import type { Entitlements } from "~/modules/gate";
import { canSeeSql, canViewSql, postItem } from "~/modules/gate/index.server";
import { gatePost, type GatedPost, type PostVisibility } from "./post-access";
import { postTeaser } from "./post-text.server";

/** The creator a post is by, as pages link to them. */
export interface PostCreator {
  id: string;
  handle: string;
  displayName: string | null;
  profileImageUrl: string | null;
}

/** A post in a list: never its body, whoever reads it; `access` says whether its page opens in full. */
export interface PostSummary {
  id: string;
  slug: string;
  title: string;
  visibility: PostVisibility;
  publishedAt: Date;
  teaser: string;
  access: "full" | "locked";
  creator: PostCreator;
}

/** A post's page: the gated post (a locked one without its body) with its address and teaser. */
export type PublicPost = GatedPost & {
  slug: string;
  publishedAt: Date;
  updatedAt: Date;
  teaser: string;
  creator: PostCreator;
};

/** Published from its time on: public pages never show a draft or a scheduled post, not even to its creator. */
export function publishedPostSql(now: Date): SQL<boolean> {
  return sql<boolean>`(${posts.publishedAt} is not null and ${posts.publishedAt} <= ${now.toISOString()}::timestamptz)`;
}

/** Posts this viewer may know exist on public pages (locked ones included), of creators they may see. */
export function listedPostSql(viewer: Entitlements, now: Date): SQL<boolean> {
  return sql<boolean>`(${publishedPostSql(now)} and ${creatorSeenBySql(viewer)} and ${profiles.handle} is not null and ${canSeeSql(viewer, postItem(now))})`;
}

const columns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  bodyMarkdown: posts.bodyMarkdown,
  visibility: posts.visibility,
  publishedAt: posts.publishedAt,
  updatedAt: posts.updatedAt,
  creatorId: posts.creatorId,
  creatorPublished: profiles.isPublished,
  handle: profiles.handle,
  displayName: profiles.displayName,
  profileImageUrl: profiles.profileImageUrl,
};

interface Row {
  id: string;
  slug: string;
  title: string;
  bodyMarkdown: string;
  visibility: PostVisibility;
  publishedAt: Date | null;
  updatedAt: Date;
  creatorId: string;
  creatorPublished: boolean;
  handle: string | null;
  displayName: string | null;
  profileImageUrl: string | null;
}

function creatorOf(row: Row): PostCreator {
  return { id: row.creatorId, handle: row.handle ?? "", displayName: row.displayName, profileImageUrl: row.profileImageUrl };
}

/** The row as this viewer may have it, or null (hidden: never the case for rows found through the SQL gate). */
function toPublicPost(viewer: Entitlements, row: Row, now: Date): PublicPost | null {
  const gated = gatePost(viewer, row, now);
  if (!gated || row.publishedAt === null) return null;
  return { ...gated, slug: row.slug, publishedAt: row.publishedAt, updatedAt: row.updatedAt, teaser: postTeaser(row.bodyMarkdown), creator: creatorOf(row) };
}

function toCard(viewer: Entitlements, row: Row, now: Date): PostSummary | null {
  const post = toPublicPost(viewer, row, now);
  if (!post) return null;
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    visibility: post.visibility,
    publishedAt: post.publishedAt,
    teaser: post.teaser,
    access: post.access,
    creator: post.creator,
  };
}

const cards = (viewer: Entitlements, rows: Row[], now: Date) => rows.map((row) => toCard(viewer, row, now)).filter((c): c is PostSummary => c !== null);

export const CREATOR_POSTS_PAGE_SIZE = 20;

/** One page of a creator's published posts as this viewer may see them, newest first, and how many pages there are. */
export async function creatorPosts(
  db: Database,
  creatorId: string,
  viewer: Entitlements,
  now: Date,
  page = 1,
): Promise<{ posts: PostSummary[]; page: number; pages: number }> {
  const where = and(eq(posts.creatorId, creatorId), listedPostSql(viewer, now));
  const [[{ n }], rows] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(posts)
      .innerJoin(profiles, eq(profiles.id, posts.creatorId))
      .where(where),
    db
      .select(columns)
      .from(posts)
      .innerJoin(profiles, eq(profiles.id, posts.creatorId))
      .where(where)
      .orderBy(desc(posts.publishedAt), desc(posts.id))
      .limit(CREATOR_POSTS_PAGE_SIZE)
      .offset((page - 1) * CREATOR_POSTS_PAGE_SIZE),
  ]);
  return { posts: cards(viewer, rows, now), page, pages: Math.max(1, Math.ceil(n / CREATOR_POSTS_PAGE_SIZE)) };
}

/** The newest published posts of the creators `creatorIds` selects, as this viewer may see them (the Atlas feed). */
export async function postsOfCreators(db: Database, creatorIds: SQL, viewer: Entitlements, now: Date, limit: number): Promise<PostSummary[]> {
  const rows = await db
    .select(columns)
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.creatorId))
    .where(and(sql`${posts.creatorId} in ${creatorIds}`, listedPostSql(viewer, now)))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(limit);
  return cards(viewer, rows, now);
}

/** Posts by id as this viewer may see them (search's page of hits), in no particular order. */
export async function postCardsByIds(db: Database, ids: string[], viewer: Entitlements, now: Date): Promise<PostSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.creatorId))
    .where(and(inArray(posts.id, ids), listedPostSql(viewer, now)));
  return cards(viewer, rows, now);
}

/** A post its reader may read in full (a feed's entry): with its body. */
export interface ReadablePost {
  id: string;
  slug: string;
  title: string;
  publishedAt: Date;
  updatedAt: Date;
  teaser: string;
  bodyMarkdown: string;
}

/**
 * The newest published posts of a creator that this viewer may read in full (the gate in SQL picks
 * them, the pure gate confirms each): a feed's entries. Locked posts are not among them.
 */
export async function readablePosts(db: Database, creatorId: string, viewer: Entitlements, now: Date, limit: number): Promise<ReadablePost[]> {
  const rows = await db
    .select(columns)
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.creatorId))
    .where(and(eq(posts.creatorId, creatorId), listedPostSql(viewer, now), canViewSql(viewer, postItem(now))))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(limit);
  const out: ReadablePost[] = [];
  for (const row of rows) {
    const post = toPublicPost(viewer, row, now);
    if (post?.access !== "full") continue;
    out.push({
      id: post.id,
      slug: post.slug,
      title: post.title,
      publishedAt: post.publishedAt,
      updatedAt: post.updatedAt,
      teaser: post.teaser,
      bodyMarkdown: post.bodyMarkdown,
    });
  }
  return out;
}

export type FoundPost = { found: false } | { found: true; redirectTo: string } | { found: true; post: PublicPost };

/**
 * The post at `/@{handle}/posts/{ref}`: `ref` is its slug, or its id (answered with its slug's
 * address). Not found when the viewer may not know it exists (a draft, a scheduled post, an
 * unpublished creator's).
 */
export async function findPublicPost(db: Database, handle: string, ref: string, viewer: Entitlements, now: Date): Promise<FoundPost> {
  const match = isUuid(ref) ? or(eq(posts.slug, ref), eq(posts.id, ref)) : eq(posts.slug, ref);
  const rows = await db
    .select(columns)
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.creatorId))
    .where(and(sql`lower(${profiles.handle}) = ${handle.toLowerCase()}`, match, listedPostSql(viewer, now)))
    // A slug that looks like an id wins over another post's id.
    .orderBy(sql`${posts.slug} = ${ref} desc`)
    .limit(1);
  const row = rows[0];
  if (!row) return { found: false };
  if (row.slug !== ref) return { found: true, redirectTo: row.slug };
  const post = toPublicPost(viewer, row, now);
  return post ? { found: true, post } : { found: false };
}

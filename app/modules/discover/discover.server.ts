/**
 * Discover: editorial articles, newest first, filterable by category, each
 * with the maps it features.
 *
 * An article is public once it is published and its publication time has
 * come: a scheduled article (published_at in the future) stays hidden until
 * then, here as in the sitemap. Featured maps follow the catalogue's rule
 * (published maps of published creators), so an article never leaks a draft; featured creators
 * are published creators only. A slug an article had before (article_slugs, kept by the back
 * office once it had been published) is "moved" to its current address.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { type MapSummary, publishedMaps } from "~/modules/catalog/index.server";
import { publishedCreatorSql } from "~/modules/creators/index.server";
import { articleCreators, articleMaps, articleSlugs, articles, categories, maps, profiles } from "#db/schema";

const visibleArticle = and(eq(articles.isPublished, true), sql`${articles.publishedAt} <= now()`);

export interface CategoryLink {
  slug: string;
  name: string;
}

export interface ArticleCard {
  id: string;
  slug: string;
  type: string;
  title: string;
  summary: string | null;
  coverImageUrl: string | null;
  publishedAt: Date;
  category: CategoryLink | null;
}

export interface DiscoverList {
  articles: ArticleCard[];
  /** Categories with at least one public article, by name (plus the selected one, so the filter always shows where you are). */
  categories: CategoryLink[];
  /** The category filtered by, or null for all. */
  category: CategoryLink | null;
}

const cardColumns = {
  id: articles.id,
  slug: articles.slug,
  type: articles.type,
  title: articles.title,
  summary: articles.summary,
  coverImageUrl: articles.coverImageUrl,
  publishedAt: articles.publishedAt,
  categorySlug: categories.slug,
  categoryName: categories.name,
};

/** A card as selected (cardColumns): the category flat, the date nullable in the schema. */
type CardRow = Omit<ArticleCard, "publishedAt" | "category"> & {
  publishedAt: Date | null;
  categorySlug: string | null;
  categoryName: string | null;
};

function toCard({ categorySlug, categoryName, publishedAt, ...row }: CardRow): ArticleCard {
  return {
    ...row,
    // visibleArticle only lets through rows with a publication time.
    publishedAt: publishedAt!,
    category: categorySlug && categoryName ? { slug: categorySlug, name: categoryName } : null,
  };
}

/**
 * Public articles, newest first; `categorySlug` keeps one category's. Null when
 * that category does not exist (an address to answer 404 for).
 */
export async function listArticles(db: Database, opts: { categorySlug?: string; limit: number }): Promise<DiscoverList | null> {
  let category: CategoryLink | null = null;
  let categoryId: string | undefined;
  if (opts.categorySlug !== undefined) {
    const [row] = await db
      .select({ id: categories.id, slug: categories.slug, name: categories.name })
      .from(categories)
      .where(eq(categories.slug, opts.categorySlug))
      .limit(1);
    if (!row) return null;
    category = { slug: row.slug, name: row.name };
    categoryId = row.id;
  }

  const [rows, withArticles] = await Promise.all([
    db
      .select(cardColumns)
      .from(articles)
      .leftJoin(categories, eq(categories.id, articles.categoryId))
      .where(and(visibleArticle, categoryId === undefined ? undefined : eq(articles.categoryId, categoryId)))
      .orderBy(desc(articles.publishedAt), asc(articles.title))
      .limit(opts.limit),
    db
      .selectDistinct({ slug: categories.slug, name: categories.name })
      .from(categories)
      .innerJoin(articles, eq(articles.categoryId, categories.id))
      .where(visibleArticle)
      .orderBy(categories.name),
  ]);

  const filter =
    category && !withArticles.some((c) => c.slug === category.slug) ? [...withArticles, category].sort((a, b) => a.name.localeCompare(b.name)) : withArticles;
  return { articles: rows.map(toCard), categories: filter, category };
}

export interface ArticlePage {
  article: ArticleCard & { bodyMarkdown: string; updatedAt: Date };
  /** Featured maps in the article's order, visible ones only. */
  maps: MapSummary[];
  /** Featured creators in the article's order, published ones only. */
  creators: ArticleCreator[];
  /** The picture to share the article with: its cover, else the first featured map's. */
  image: string | null;
}

export interface ArticleCreator {
  handle: string;
  displayName: string | null;
  bioText: string | null;
  profileImageUrl: string | null;
  mapCount: number;
}

export type ArticleLookup = { kind: "found"; page: ArticlePage } | { kind: "moved"; to: { type: string; slug: string } } | { kind: "missing" };

/**
 * One public article by its address. The slug alone identifies it: a right
 * slug under the wrong type is "moved" (the caller redirects), anything not
 * public is "missing".
 */
export async function loadArticle(db: Database, type: string, slug: string): Promise<ArticleLookup> {
  const [row] = await db
    .select({ ...cardColumns, bodyMarkdown: articles.bodyMarkdown, updatedAt: articles.updatedAt })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(visibleArticle, eq(articles.slug, slug)))
    .limit(1);
  if (!row) {
    // An old slug of a public article: its current address.
    const [moved] = await db
      .select({ type: articles.type, slug: articles.slug })
      .from(articleSlugs)
      .innerJoin(articles, eq(articles.id, articleSlugs.articleId))
      .where(and(visibleArticle, eq(articleSlugs.slug, slug)))
      .limit(1);
    return moved ? { kind: "moved", to: moved } : { kind: "missing" };
  }
  if (row.type !== type) return { kind: "moved", to: { type: row.type, slug: row.slug } };

  const [featured, creators] = await Promise.all([featuredMaps(db, row.id), featuredCreators(db, row.id)]);
  const article = { ...toCard(row), bodyMarkdown: row.bodyMarkdown, updatedAt: row.updatedAt };
  return {
    kind: "found",
    page: { article, maps: featured, creators, image: article.coverImageUrl ?? featured.find((m) => m.coverImageUrl)?.coverImageUrl ?? null },
  };
}

async function featuredCreators(db: Database, articleId: string): Promise<ArticleCreator[]> {
  const rows = await db
    .select({
      handle: profiles.handle,
      displayName: profiles.displayName,
      bioText: profiles.bioText,
      profileImageUrl: profiles.profileImageUrl,
      mapCount: sql<number>`(select count(*) from ${maps} where ${maps.ownerId} = ${profiles.id} and ${maps.isPublished})::int`,
    })
    .from(articleCreators)
    .innerJoin(profiles, eq(profiles.id, articleCreators.creatorId))
    .where(and(eq(articleCreators.articleId, articleId), publishedCreatorSql, sql`${profiles.handle} is not null`))
    .orderBy(asc(articleCreators.position), asc(profiles.handle));
  return rows.map((r) => ({ ...r, handle: r.handle! }));
}

async function featuredMaps(db: Database, articleId: string): Promise<MapSummary[]> {
  const featured = await db
    .select({ mapId: articleMaps.mapId })
    .from(articleMaps)
    .where(eq(articleMaps.articleId, articleId))
    .orderBy(asc(articleMaps.position), asc(articleMaps.mapId));
  if (featured.length === 0) return [];
  const ids = featured.map((f) => f.mapId);
  const visible = await publishedMaps(db, { ids, limit: ids.length });
  // The catalogue sorts newest first; the article's order is the editor's.
  const rank = new Map(ids.map((id, i) => [id, i]));
  return visible.sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
}

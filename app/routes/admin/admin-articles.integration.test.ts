/**
 * /admin/articles: an admin writes, publishes, renames, unpublishes and deletes Discover articles;
 * each write is one transaction with its audit entry; bad input changes nothing; creators, members
 * and anonymous visitors get nothing.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { runRoute, TestVisitor } from "../../../tests/setup/visitor";
import { articleCreators, articleMaps, articles, articleSlugs, maps, publicContentVersion } from "#db/schema";
import { adminAuditLog } from "#db/schema/audit";
import { createCategory, createCreator, createMap, createProfile } from "#db/seed/factories";
import { ARTICLE_MESSAGES } from "~/modules/discover/article-validation";
import { listArticles, loadArticle } from "~/modules/discover/discover.server";
import { PHOTO_MESSAGES } from "~/modules/images/pipeline.server";
import { coverVariants } from "~/modules/images/variants";
import { sitemapEntries } from "~/modules/seo/sitemap.server";
import { filePath } from "~/modules/storage/storage.server";
import { loader as editorLoader, action as editorAction } from "./admin-article";
import { action as newAction, loader as newLoader } from "./admin-article-new";
import { loader as relatedLoader } from "./admin-article-related";
import { loader as listLoader } from "./admin-articles";

const dataDir = stubDataDir("admin-articles");
const db = await setupTestDatabase();

const png = (width = 1600, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .png()
    .toBuffer();

interface ArticleForm {
  intent?: string;
  title?: string;
  slug?: string;
  type?: string;
  summary?: string;
  categoryId?: string;
  bodyMarkdown?: string;
  mapIds?: string[];
  creatorIds?: string[];
  cover?: Blob;
  removeCover?: string;
}

function formOf(fields: ArticleForm): FormData {
  const body = new FormData();
  const {
    mapIds = [],
    creatorIds = [],
    cover,
    ...text
  } = { title: "Slow days in Lisbon", type: "guides", bodyMarkdown: "## Hello\n\nTrams and tiles.", ...fields };
  for (const [name, value] of Object.entries(text)) if (value !== undefined) body.set(name, value);
  for (const id of mapIds) body.append("mapIds", id);
  for (const id of creatorIds) body.append("creatorIds", id);
  if (cover) body.set("cover", cover);
  return body;
}

const create = (visitor: TestVisitor, fields: ArticleForm) => runRoute(visitor, "/admin/articles/new", newAction, { form: formOf(fields) });
/** An editor post: the whole form, or (delete, an unknown intent) just the intent. */
const edit = (visitor: TestVisitor, articleId: string, fields: ArticleForm) =>
  runRoute(visitor, `/admin/articles/${articleId}`, editorAction, {
    params: { articleId },
    form: fields.intent === "delete" || fields.intent === "archive" ? { intent: fields.intent } : formOf(fields),
  });

const idOf = (location: string | null | undefined) => location!.match(/\/admin\/articles\/([0-9a-f-]{36})/)![1];
const auditRows = () => db.select().from(adminAuditLog).orderBy(asc(adminAuditLog.seq));
const contentVersion = async () => Number((await db.select().from(publicContentVersion))[0].version);
const coverFiles = () =>
  existsSync(path.join(dataDir, "covers")) ? readdirSync(path.join(dataDir, "covers"), { recursive: true }).filter((f) => String(f).endsWith(".webp")) : [];
const fileOf = (url: string) => {
  const [, , bucket, ...key] = url.split("/");
  return filePath(bucket, key.join("/"))!;
};

async function signedIn(overrides: Parameters<typeof createProfile>[1] = {}) {
  const visitor = new TestVisitor();
  const { user } = await createProfile(db, overrides);
  await visitor.signIn(db, user.id);
  return { visitor, userId: user.id };
}

/** A published creator with a published map, a creator without a handle's map, and an unpublished map. */
async function world() {
  const { profile: lucia } = await createCreator(db, { handle: "lucia", displayName: "Lucía Ferrer" });
  const { map: published } = await createMap(db, { title: "Lisbon tiles", currentSlug: "lisbon-tiles" }, { ownerId: lucia.id, spots: 2 });
  const { map: draft } = await createMap(db, { title: "Lisbon draft", currentSlug: "lisbon-draft", isPublished: false }, { ownerId: lucia.id, spots: 1 });
  const { profile: hidden } = await createCreator(db, { handle: "hidden", isPublished: false });
  return { lucia, published, draft, hidden };
}

describe("/admin/articles: who may", () => {
  it("sends anonymous visitors to log in and answers 403 to members and creators, on every loader and action, changing nothing", async () => {
    const [{ id: articleId }] = await db.insert(articles).values({ slug: "kept", title: "Kept", type: "guides", bodyMarkdown: "x" }).returning();
    const anonymous = new TestVisitor();
    const member = (await signedIn()).visitor;
    const creator = new TestVisitor();
    await creator.signIn(db, (await createCreator(db)).user.id);
    const path = `/admin/articles/${articleId}`;
    const calls = (visitor: TestVisitor) => [
      runRoute(visitor, "/admin/articles", listLoader),
      runRoute(visitor, "/admin/articles/new", newLoader),
      runRoute(visitor, path, editorLoader, { params: { articleId } }),
      runRoute(visitor, "/admin/articles/related?q=lis", relatedLoader),
      create(visitor, { title: "Sneaky", intent: "publish" }),
      edit(visitor, articleId, { title: "Renamed", intent: "publish" }),
      edit(visitor, articleId, { intent: "delete" }),
    ];
    for (const outcome of await Promise.all(calls(anonymous))) {
      expect(outcome).toMatchObject({ status: 302, location: expect.stringContaining("/auth?step=login") });
    }
    for (const visitor of [member, creator]) {
      for (const outcome of await Promise.all(calls(visitor))) expect(outcome.status).toBe(403);
    }
    expect(await db.select({ slug: articles.slug, title: articles.title, isPublished: articles.isPublished }).from(articles)).toEqual([
      { slug: "kept", title: "Kept", isPublished: false },
    ]);
    expect(await auditRows()).toEqual([]);
  });
});

describe("/admin/articles: writing and publishing", () => {
  let admin: TestVisitor;
  let adminId: string;
  beforeEach(async () => {
    ({ visitor: admin, userId: adminId } = await signedIn({ isAdmin: true }));
  });

  it("publishes an article with a related map and creator: on Discover and in the sitemap at once, logged with before and after", async () => {
    const { lucia, published } = await world();
    const food = await createCategory(db, { slug: "food", name: "Food" });
    const related = await runRoute(admin, "/admin/articles/related?q=lisb", relatedLoader);
    expect(related.status).toBe(200);
    const found = (await (related.data as unknown as Response).json()) as { maps: { id: string }[]; creators: { id: string }[] };
    // The draft map is not offered.
    expect(found.maps.map((m) => m.id)).toEqual([published.id]);

    const before = await contentVersion();
    const created = await create(admin, {
      intent: "publish",
      summary: "Two days of trams.",
      categoryId: food.id,
      mapIds: [published.id],
      creatorIds: [lucia.id],
    });
    expect(created).toMatchObject({ status: 302, location: expect.stringMatching(/\/admin\/articles\/[0-9a-f-]{36}\?done=published$/) });
    const articleId = idOf(created.location);
    // Articles are public content: the page cache's version moved in the same transaction.
    expect(await contentVersion()).toBeGreaterThan(before);

    const list = await listArticles(db, { limit: 10 });
    expect(list?.articles.map((a) => a.slug)).toEqual(["slow-days-in-lisbon"]);
    const page = await loadArticle(db, "guides", "slow-days-in-lisbon");
    expect(page).toMatchObject({ kind: "found", page: { maps: [{ id: published.id }], creators: [{ handle: "lucia", displayName: "Lucía Ferrer" }] } });
    expect((await sitemapEntries(db)).map((e) => e.path)).toContain("/discover/guides/slow-days-in-lisbon");

    const [entry] = await auditRows();
    expect(entry).toMatchObject({
      adminId,
      ip: "127.0.0.1",
      action: "article.created",
      targetType: "article",
      targetId: articleId,
      before: null,
      after: {
        title: "Slow days in Lisbon",
        slug: "slow-days-in-lisbon",
        type: "guides",
        summary: "Two days of trams.",
        categoryId: food.id,
        isPublished: true,
        mapIds: [published.id],
        creatorIds: [lucia.id],
      },
    });

    // The editor shows it as published, with what it relates to.
    const editor = await runRoute(admin, `/admin/articles/${articleId}?done=published`, editorLoader, { params: { articleId } });
    expect(editor).toMatchObject({
      status: 200,
      data: {
        notice: "Published: it is on Discover now",
        article: { status: "published", maps: [{ id: published.id, visible: true }], creators: [{ id: lucia.id }] },
      },
    });
    expect((await runRoute(admin, "/admin/articles", listLoader)).data).toMatchObject({ articles: [{ id: articleId, status: "published", type: "guides" }] });
  });

  it("a changed slug keeps the old address leading to the new one; unpublished, the article leaves Discover and the sitemap; deleted, it is gone", async () => {
    await world();
    const articleId = idOf((await create(admin, { intent: "publish" })).location);

    expect(await edit(admin, articleId, { intent: "save", slug: "lisbon-slowly", title: "Lisbon, slowly" })).toMatchObject({
      status: 302,
      location: `/admin/articles/${articleId}?done=saved`,
    });
    expect(await loadArticle(db, "guides", "slow-days-in-lisbon")).toEqual({ kind: "moved", to: { type: "guides", slug: "lisbon-slowly" } });
    expect(await db.select({ slug: articleSlugs.slug }).from(articleSlugs)).toEqual([{ slug: "slow-days-in-lisbon" }]);
    // Taking the old slug back is allowed (it is its own), and it is no longer an old one.
    await edit(admin, articleId, { intent: "save", slug: "slow-days-in-lisbon", title: "Lisbon, slowly" });
    expect(await db.select({ slug: articleSlugs.slug }).from(articleSlugs)).toEqual([{ slug: "lisbon-slowly" }]);

    expect(await edit(admin, articleId, { intent: "unpublish", slug: "slow-days-in-lisbon", title: "Lisbon, slowly" })).toMatchObject({
      location: `/admin/articles/${articleId}?done=unpublished`,
    });
    expect((await listArticles(db, { limit: 10 }))?.articles).toEqual([]);
    expect(await loadArticle(db, "guides", "slow-days-in-lisbon")).toEqual({ kind: "missing" });
    expect(await loadArticle(db, "guides", "lisbon-slowly")).toEqual({ kind: "missing" });
    expect((await sitemapEntries(db)).map((e) => e.path).filter((p) => p.startsWith("/discover/"))).toEqual([]);

    // Published again, it keeps its first publication date.
    const [{ publishedAt }] = await db.select({ publishedAt: articles.publishedAt }).from(articles);
    await edit(admin, articleId, { intent: "publish", slug: "slow-days-in-lisbon", title: "Lisbon, slowly" });
    expect((await db.select({ publishedAt: articles.publishedAt }).from(articles))[0].publishedAt).toEqual(publishedAt);

    expect(await edit(admin, articleId, { intent: "delete" })).toEqual({ status: 302, location: "/admin/articles?deleted=1" });
    expect(await db.select().from(articles)).toEqual([]);
    expect(await db.select().from(articleSlugs)).toEqual([]);

    const trail = await auditRows();
    expect(trail.map((e) => e.action)).toEqual([
      "article.created",
      "article.updated",
      "article.updated",
      "article.unpublished",
      "article.published",
      "article.deleted",
    ]);
    expect(trail[1]).toMatchObject({
      before: { slug: "slow-days-in-lisbon", title: "Slow days in Lisbon" },
      after: { slug: "lisbon-slowly", title: "Lisbon, slowly" },
    });
    expect(trail[3]).toMatchObject({ before: { isPublished: true }, after: { isPublished: false } });
    expect(trail[5]).toMatchObject({ targetId: articleId, before: { title: "Lisbon, slowly" }, after: null });
  });

  it("a draft's slug follows freely (nobody can have linked to it); an empty slug is made from the title", async () => {
    const articleId = idOf((await create(admin, { slug: "" })).location);
    expect((await db.select({ slug: articles.slug, isPublished: articles.isPublished }).from(articles))[0]).toEqual({
      slug: "slow-days-in-lisbon",
      isPublished: false,
    });
    await edit(admin, articleId, { intent: "save", slug: "another" });
    expect(await db.select().from(articleSlugs)).toEqual([]);
    expect((await listArticles(db, { limit: 10 }))?.articles).toEqual([]);
  });

  it("stores an uploaded cover by its bytes (WebP, 16:9) and removes the replaced one's files", async () => {
    const articleId = idOf((await create(admin, { cover: new File([new Uint8Array(await png())], "cover.png") })).location);
    const [{ coverImageUrl: first }] = await db.select({ coverImageUrl: articles.coverImageUrl }).from(articles);
    expect(coverVariants(first)!.map((v) => v.width)).toEqual([160, 400, 800, 1600]);
    expect(await sharp(fileOf(first!)).metadata()).toMatchObject({ format: "webp", width: 1600, height: 900 });

    await edit(admin, articleId, { cover: new File([new Uint8Array(await png(800, 600))], "other.png") });
    const [{ coverImageUrl: second }] = await db.select({ coverImageUrl: articles.coverImageUrl }).from(articles);
    expect(second).not.toBe(first);
    for (const variant of coverVariants(first)!) expect(existsSync(fileOf(variant.url))).toBe(false);

    await edit(admin, articleId, { removeCover: "on" });
    expect((await db.select({ coverImageUrl: articles.coverImageUrl }).from(articles))[0].coverImageUrl).toBeNull();
    expect(coverFiles()).toEqual([]);
  });
});

describe("/admin/articles: bad input gets a clear message and changes nothing", () => {
  let admin: TestVisitor;
  beforeEach(async () => {
    ({ visitor: admin } = await signedIn({ isAdmin: true }));
  });

  it("an empty title, a slug in use (now or as an old address), a cover that is not an image, an unpublished map or creator, an empty body to publish", async () => {
    const { draft, hidden, published } = await world();
    await db.insert(articles).values({ slug: "taken", title: "Taken", type: "guides" });
    const [{ id: renamed }] = await db.insert(articles).values({ slug: "renamed", title: "Renamed", type: "guides" }).returning();
    await db.insert(articleSlugs).values({ slug: "old-address", articleId: renamed });
    const versionBefore = await contentVersion();

    const cases: [ArticleForm, Record<string, string>][] = [
      [{ title: "   " }, { title: ARTICLE_MESSAGES.titleRequired }],
      [{ slug: "taken" }, { slug: ARTICLE_MESSAGES.slugTaken }],
      [{ title: "Taken" }, { slug: ARTICLE_MESSAGES.slugTaken }],
      [{ slug: "old-address" }, { slug: ARTICLE_MESSAGES.slugTakenByOld }],
      [{ slug: "Not a slug!" }, { slug: ARTICLE_MESSAGES.slugFormat }],
      [{ type: "rumours" }, { type: ARTICLE_MESSAGES.type }],
      [{ cover: new File([new TextEncoder().encode("%PDF-1.7 not an image")], "cover.jpg", { type: "image/jpeg" }) }, { cover: PHOTO_MESSAGES.notAnImage }],
      [{ mapIds: [published.id, draft.id] }, { mapIds: ARTICLE_MESSAGES.mapsNotPublished }],
      [{ creatorIds: [hidden.id] }, { creatorIds: ARTICLE_MESSAGES.creatorsNotPublished }],
      [{ intent: "publish", bodyMarkdown: "  " }, { bodyMarkdown: ARTICLE_MESSAGES.bodyRequiredToPublish }],
      [{ categoryId: "not-a-uuid" }, { categoryId: ARTICLE_MESSAGES.category }],
    ];
    for (const [fields, fieldErrors] of cases) {
      const outcome = await create(admin, { intent: "publish", ...fields });
      expect(outcome.status, JSON.stringify(fieldErrors)).toBe(400);
      expect((outcome.data as { fieldErrors: unknown }).fieldErrors, JSON.stringify(fields)).toEqual(fieldErrors);
    }
    // A slug clash on an existing article too, with what was posted sent back.
    const outcome = await edit(admin, renamed, { title: "Renamed", slug: "taken", summary: "Kept text" });
    expect(outcome).toMatchObject({
      status: 400,
      data: { fieldErrors: { slug: ARTICLE_MESSAGES.slugTaken }, values: { slug: "taken", summary: "Kept text" } },
    });
    // Ids that are not ids, an unknown intent, an unknown article: refused, never a 500.
    expect((await create(admin, { mapIds: ["'; drop table maps"] })).status).toBe(400);
    expect((await edit(admin, renamed, { intent: "archive" })).status).toBe(400);
    expect((await edit(admin, "5c0a1b2c-0000-4000-8000-000000000001", { title: "Ghost" })).status).toBe(404);
    expect((await edit(admin, "nope", { intent: "delete" })).status).toBe(404);
    await expect(runRoute(admin, "/admin/articles/nope", editorLoader, { params: { articleId: "nope" } })).rejects.toMatchObject({ init: { status: 404 } });

    expect(await db.select({ slug: articles.slug }).from(articles).orderBy(asc(articles.slug))).toEqual([{ slug: "renamed" }, { slug: "taken" }]);
    expect(await db.select().from(articleMaps)).toEqual([]);
    expect(await db.select().from(articleCreators)).toEqual([]);
    expect(await auditRows()).toEqual([]);
    expect(coverFiles()).toEqual([]);
    expect(await contentVersion()).toBe(versionBefore);
  });

  it("a related map that went private since stays related (the page leaves it out), but cannot be newly added", async () => {
    const { published, lucia } = await world();
    const articleId = idOf((await create(admin, { intent: "publish", mapIds: [published.id] })).location);
    const { map: other } = await createMap(db, { title: "Porto", currentSlug: "porto" }, { ownerId: lucia.id, spots: 1 });
    // The map goes private: a save of the article keeps it.
    await db.update(maps).set({ isPublished: false }).where(eq(maps.id, published.id));
    expect(await edit(admin, articleId, { intent: "save", mapIds: [published.id, other.id] })).toMatchObject({ status: 302 });
    expect((await db.select({ mapId: articleMaps.mapId }).from(articleMaps).orderBy(asc(articleMaps.position))).map((r) => r.mapId)).toEqual([
      published.id,
      other.id,
    ]);
    const page = await loadArticle(db, "guides", "slow-days-in-lisbon");
    expect(page.kind === "found" && page.page.maps.map((m) => m.id)).toEqual([other.id]);
  });
});

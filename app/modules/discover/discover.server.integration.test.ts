import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { articleMaps, articles } from "#db/schema";
import { createCategory, createCreator, createMap } from "#db/seed/factories";
import { listArticles, loadArticle } from "./discover.server";

const db = await setupTestDatabase();

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

type NewArticle = typeof articles.$inferInsert;
async function createArticle(overrides: Partial<NewArticle> & Pick<NewArticle, "slug">) {
  const [row] = await db
    .insert(articles)
    .values({
      type: "guides",
      title: `Article ${overrides.slug}`,
      summary: "A summary.",
      bodyMarkdown: "## Hello\n\nBody.",
      isPublished: true,
      publishedAt: ago(1),
      ...overrides,
    })
    .returning();
  return row;
}

/** Food (two public articles), Coffee (one), Bars (only a draft and a scheduled one), Shopping (none). */
async function world() {
  const food = await createCategory(db, { slug: "food", name: "Food" });
  const coffee = await createCategory(db, { slug: "coffee", name: "Coffee" });
  const bars = await createCategory(db, { slug: "bars", name: "Bars" });
  await createCategory(db, { slug: "shopping", name: "Shopping" });
  const tapas = await createArticle({ slug: "tapas", categoryId: food.id, publishedAt: ago(3) });
  const churros = await createArticle({ slug: "churros", type: "stories", categoryId: food.id, publishedAt: ago(1) });
  const espresso = await createArticle({ slug: "espresso", categoryId: coffee.id, publishedAt: ago(2) });
  await createArticle({ slug: "draft", categoryId: bars.id, isPublished: false });
  await createArticle({ slug: "scheduled", categoryId: bars.id, publishedAt: new Date(Date.now() + DAY) });
  await createArticle({ slug: "published-without-date", categoryId: food.id, publishedAt: null });
  return { db, tapas, churros, espresso };
}

describe("discover list", () => {
  it("lists public articles only, newest first, with the categories that have some", async () => {
    const { db } = await world();
    const page = await listArticles(db, { limit: 10 });
    expect(page?.articles.map((a) => a.slug)).toEqual(["churros", "espresso", "tapas"]);
    expect(page?.articles[0]).toMatchObject({ type: "stories", title: "Article churros", summary: "A summary.", category: { slug: "food", name: "Food" } });
    // Bars has only a draft and a scheduled article, Shopping none: neither is offered as a filter.
    expect(page?.categories).toEqual([
      { slug: "coffee", name: "Coffee" },
      { slug: "food", name: "Food" },
    ]);
    expect(page?.category).toBeNull();
    expect(JSON.stringify(page)).not.toMatch(/draft|scheduled|published-without-date/);
  });

  it("filters by category; an empty one still shows in the filter, an unknown one is null", async () => {
    const { db } = await world();
    const food = await listArticles(db, { categorySlug: "food", limit: 10 });
    expect(food?.articles.map((a) => a.slug)).toEqual(["churros", "tapas"]);
    expect(food?.category).toEqual({ slug: "food", name: "Food" });

    const bars = await listArticles(db, { categorySlug: "bars", limit: 10 });
    expect(bars?.articles).toEqual([]);
    expect(bars?.categories.map((c) => c.slug)).toEqual(["bars", "coffee", "food"]);

    expect(await listArticles(db, { categorySlug: "nope", limit: 10 })).toBeNull();
    expect((await listArticles(db, { limit: 2 }))?.articles).toHaveLength(2);
  });
});

describe("discover article", () => {
  it("loads a public article with its visible featured maps in the editor's order", async () => {
    const { db, tapas } = await world();
    const { profile: creator } = await createCreator(db, { handle: "lucia" });
    const { profile: hiddenCreator } = await createCreator(db, { handle: "hidden", isPublished: false });
    const first = await createMap(db, { title: "Second published", currentSlug: "second", publishedAt: ago(1) }, { ownerId: creator.id, spots: 2 });
    const second = await createMap(
      db,
      { title: "First published", currentSlug: "first", publishedAt: ago(9), coverImageUrl: "/uploads/covers/first.webp" },
      { ownerId: creator.id, spots: 1 },
    );
    const draft = await createMap(db, { title: "Draft map", currentSlug: "draft-map", isPublished: false }, { ownerId: creator.id, spots: 1 });
    const hidden = await createMap(db, { title: "Hidden creator's map", currentSlug: "hidden-map" }, { ownerId: hiddenCreator.id, spots: 1 });
    await db.insert(articleMaps).values([
      { articleId: tapas.id, mapId: hidden.map.id, position: 0 },
      { articleId: tapas.id, mapId: first.map.id, position: 1 },
      { articleId: tapas.id, mapId: draft.map.id, position: 2 },
      { articleId: tapas.id, mapId: second.map.id, position: 3 },
    ]);

    const found = await loadArticle(db, "guides", "tapas");
    expect(found.kind).toBe("found");
    if (found.kind !== "found") return;
    expect(found.page.article).toMatchObject({ slug: "tapas", type: "guides", bodyMarkdown: "## Hello\n\nBody.", category: { slug: "food", name: "Food" } });
    expect(found.page.maps.map((m) => m.currentSlug)).toEqual(["second", "first"]);
    expect(found.page.maps[0]).toMatchObject({ title: "Second published", creatorHandle: "lucia", spotCount: 2 });
    // The share image falls back to the first featured map that has a cover.
    expect(found.page.image).toBe("/uploads/covers/first.webp");
    expect(JSON.stringify(found)).not.toMatch(/Draft map|Hidden creator/);
  });

  it("sends a right slug under the wrong type to the right address", async () => {
    const { db } = await world();
    expect(await loadArticle(db, "stories", "tapas")).toEqual({ kind: "moved", to: { type: "guides", slug: "tapas" } });
    expect(await loadArticle(db, "anything", "churros")).toEqual({ kind: "moved", to: { type: "stories", slug: "churros" } });
  });

  it("knows nothing of unknown, draft, scheduled or undated articles, whatever the type", async () => {
    const { db } = await world();
    for (const slug of ["unknown", "draft", "scheduled", "published-without-date"]) {
      expect(await loadArticle(db, "guides", slug), slug).toEqual({ kind: "missing" });
      expect(await loadArticle(db, "stories", slug), slug).toEqual({ kind: "missing" });
    }
  });

  it("an article without featured maps has none, and no share image without a cover", async () => {
    const { db } = await world();
    const found = await loadArticle(db, "guides", "espresso");
    expect(found).toMatchObject({ kind: "found", page: { maps: [], image: null } });
  });
});

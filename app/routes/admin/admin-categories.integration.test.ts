/**
 * /admin/categories: an admin adds, edits, orders, deletes and merges the site's spot categories
 * and promotes a creator's own; each write is one transaction with its audit entry; bad input and
 * anyone but an admin change nothing.
 */
import { asc, eq, isNull } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { runRoute, TestVisitor } from "../../../tests/setup/visitor";
import { articles, categories, mapCategories, spots } from "#db/schema";
import { adminAuditLog } from "#db/schema/audit";
import { createCategory, createCreator, createMap, createProfile } from "#db/seed/factories";
import { CATEGORY_MESSAGES } from "~/modules/categories/category-validation";
import { exploreCategories } from "~/modules/spots/explore.server";
import { action, loader } from "./admin-categories";

const db = await setupTestDatabase();

const post = (visitor: TestVisitor, form: Record<string, string> | FormData) => runRoute(visitor, "/admin/categories", action, { form });
const reorder = (visitor: TestVisitor, ids: string[]) => {
  const form = new FormData();
  form.set("intent", "reorder");
  for (const id of ids) form.append("ids", id);
  return post(visitor, form);
};

const auditRows = () => db.select().from(adminAuditLog).orderBy(asc(adminAuditLog.seq));
const siteOrder = async () =>
  (await db.select({ slug: categories.slug }).from(categories).where(isNull(categories.ownerId)).orderBy(asc(categories.position), asc(categories.name))).map(
    (c) => c.slug,
  );
const categoryBySlug = async (slug: string) => (await db.select().from(categories).where(eq(categories.slug, slug)))[0];

async function signedIn(overrides: Parameters<typeof createProfile>[1] = {}) {
  const visitor = new TestVisitor();
  const { user } = await createProfile(db, overrides);
  await visitor.signIn(db, user.id);
  return { visitor, userId: user.id };
}

/** Food (2 spots, a map, an article), Coffee (1 spot), Bars (unused), and Lucía's own "Tascas" (1 spot). */
async function world() {
  const food = await createCategory(db, { slug: "food", name: "Food", position: 0 });
  const coffee = await createCategory(db, { slug: "coffee", name: "Coffee", position: 1 });
  const bars = await createCategory(db, { slug: "bars", name: "Bars", position: 2 });
  const { profile: lucia } = await createCreator(db, { handle: "lucia" });
  const tascas = await createCategory(db, { slug: "tascas-1a2b3c4d", name: "Tascas", ownerId: lucia.id, icon: "1577", color: "#AA3300" });
  const { map } = await createMap(
    db,
    { title: "Lisbon" },
    { ownerId: lucia.id, spots: 4, spotOverrides: (p) => ({ categoryId: [food.id, food.id, coffee.id, tascas.id][p] }) },
  );
  await db.insert(mapCategories).values([
    { mapId: map.id, categoryId: food.id },
    { mapId: map.id, categoryId: coffee.id },
  ]);
  await db.insert(articles).values({ slug: "tapas", title: "Tapas", categoryId: food.id });
  return { food, coffee, bars, tascas, map, lucia };
}

describe("/admin/categories: who may", () => {
  it("sends anonymous visitors to log in and answers 403 to members and creators, on the page and every action, changing nothing", async () => {
    const { food, coffee, bars, tascas } = await world();
    const before = await db.select().from(categories).orderBy(asc(categories.slug));
    const anonymous = new TestVisitor();
    const member = (await signedIn()).visitor;
    const creator = new TestVisitor();
    await creator.signIn(db, (await createCreator(db)).user.id);
    const forms: (Record<string, string> | FormData)[] = [
      { intent: "create", name: "Sneaky", icon: "pin", color: "#000000" },
      { intent: "update", id: food.id, name: "Renamed", icon: "pin", color: "#000000" },
      { intent: "move", id: bars.id, direction: "up" },
      { intent: "delete", id: bars.id },
      { intent: "delete", id: food.id, moveTo: coffee.id },
      { intent: "merge", id: coffee.id, moveTo: food.id },
      { intent: "promote", id: tascas.id },
    ];
    for (const visitor of [anonymous, member, creator]) {
      const outcomes = [await runRoute(visitor, "/admin/categories", loader), await reorder(visitor, [bars.id, coffee.id, food.id])];
      for (const form of forms) outcomes.push(await post(visitor, form));
      for (const outcome of outcomes) {
        if (visitor === anonymous) expect(outcome).toMatchObject({ status: 302, location: expect.stringContaining("/auth?step=login") });
        else expect(outcome.status).toBe(403);
      }
    }
    expect(await db.select().from(categories).orderBy(asc(categories.slug))).toEqual(before);
    expect(await auditRows()).toEqual([]);
  });
});

describe("/admin/categories: an admin", () => {
  let admin: TestVisitor;
  let adminId: string;
  beforeEach(async () => {
    ({ visitor: admin, userId: adminId } = await signedIn({ isAdmin: true }));
  });

  it("sees the site's categories in order with what uses them, and the creators' own", async () => {
    const { food, tascas } = await world();
    const page = await runRoute(admin, `/admin/categories?edit=${food.id}`, loader);
    expect(page).toMatchObject({
      status: 200,
      data: {
        site: [
          { slug: "food", spots: 2, maps: 1, articles: 1, style: { icon: "utensils", color: "#D9480F" } },
          { slug: "coffee", spots: 1, maps: 1, articles: 0 },
          { slug: "bars", spots: 0, maps: 0, articles: 0 },
        ],
        creators: [{ id: tascas.id, name: "Tascas", spots: 1, owner: { handle: "lucia" }, style: { icon: "utensils", color: "#AA3300" } }],
        editing: { id: food.id },
      },
    });
  });

  it("adds one (slug from the name, colour as typed), last in the order, and edits it; both logged with before and after", async () => {
    await world();
    expect(await post(admin, { intent: "create", name: "Street food", slug: "", icon: "pizza", color: "#d48" })).toEqual({
      status: 302,
      location: "/admin/categories?done=created",
    });
    const made = await categoryBySlug("street-food");
    expect(made).toMatchObject({ name: "Street food", icon: "pizza", color: "#DD4488", ownerId: null, position: 3 });

    await post(admin, { intent: "update", id: made.id, name: "Street eats", slug: "street-eats", icon: "utensils", color: "#123ABC" });
    expect(await categoryBySlug("street-eats")).toMatchObject({ name: "Street eats", icon: "utensils", color: "#123ABC", position: 3 });

    expect(await auditRows()).toMatchObject([
      { adminId, action: "category.created", targetType: "category", targetId: made.id, before: null, after: { slug: "street-food", color: "#DD4488" } },
      {
        action: "category.updated",
        targetId: made.id,
        before: { slug: "street-food", name: "Street food", icon: "pizza" },
        after: { slug: "street-eats", name: "Street eats", icon: "utensils" },
      },
    ]);
  });

  it("orders them by a drag or the keyboard (the whole order) and by the Up/Down buttons; Explore's filter follows", async () => {
    const { food, coffee, bars } = await world();
    expect((await exploreCategories(db)).map((c) => c.slug)).toEqual(["food", "coffee"]);
    expect(await reorder(admin, [coffee.id, bars.id, food.id])).toEqual({ status: 200, data: { intent: "reorder" } });
    expect(await siteOrder()).toEqual(["coffee", "bars", "food"]);
    expect((await exploreCategories(db)).map((c) => c.slug)).toEqual(["coffee", "food"]);

    expect(await post(admin, { intent: "move", id: food.id, direction: "up" })).toEqual({ status: 302, location: "/admin/categories?done=moved" });
    expect(await siteOrder()).toEqual(["coffee", "food", "bars"]);
    // At the top already: nothing moves, nothing is logged.
    await post(admin, { intent: "move", id: coffee.id, direction: "up" });

    expect(await auditRows()).toMatchObject([
      {
        action: "category.reordered",
        targetType: "category_order",
        before: { order: ["food", "coffee", "bars"] },
        after: { order: ["coffee", "bars", "food"] },
      },
      { action: "category.reordered", before: { order: ["coffee", "bars", "food"] }, after: { order: ["coffee", "food", "bars"] } },
    ]);
  });

  it("deletes an unused one; one in use only with a category for its spots, maps and articles (a merge)", async () => {
    const { food, coffee, bars, map } = await world();
    expect(await post(admin, { intent: "delete", id: bars.id })).toEqual({ status: 302, location: "/admin/categories?done=deleted" });
    expect(await categoryBySlug("bars")).toBeUndefined();

    const refused = await post(admin, { intent: "delete", id: food.id });
    expect(refused).toMatchObject({ status: 400, data: { id: food.id, fieldErrors: { moveTo: CATEGORY_MESSAGES.moveToRequired } } });
    expect(await categoryBySlug("food")).toBeDefined();

    expect(await post(admin, { intent: "delete", id: food.id, moveTo: coffee.id })).toEqual({ status: 302, location: "/admin/categories?done=merged" });
    expect(await categoryBySlug("food")).toBeUndefined();
    expect((await db.select({ c: spots.categoryId }).from(spots).where(eq(spots.mapId, map.id))).filter((s) => s.c === coffee.id)).toHaveLength(3);
    // The map had both: it keeps one.
    expect(await db.select().from(mapCategories)).toEqual([{ mapId: map.id, categoryId: coffee.id }]);
    expect(await db.select({ categoryId: articles.categoryId }).from(articles)).toEqual([{ categoryId: coffee.id }]);

    expect(await auditRows()).toMatchObject([
      { action: "category.deleted", targetId: bars.id, before: { slug: "bars", spots: 0 }, after: null },
      {
        action: "category.merged",
        targetId: food.id,
        before: { slug: "food", spots: 2, maps: 1, articles: 1 },
        after: { mergedInto: { id: coffee.id, slug: "coffee" }, moved: { spots: 2, maps: 1, articles: 1 } },
      },
    ]);
  });

  it("merges two categories: the spots move, the merged one is removed", async () => {
    const { food, coffee } = await world();
    expect(await post(admin, { intent: "merge", id: coffee.id, moveTo: food.id })).toEqual({ status: 302, location: "/admin/categories?done=merged" });
    expect(await categoryBySlug("coffee")).toBeUndefined();
    expect((await exploreCategories(db)).map((c) => [c.slug, c.spotCount])).toEqual([["food", 3]]);
  });

  it("promotes a creator's own category: a site filter from now on, last, with the look it had", async () => {
    const { tascas } = await world();
    expect((await exploreCategories(db)).map((c) => c.slug)).not.toContain("tascas");
    expect(await post(admin, { intent: "promote", id: tascas.id })).toEqual({ status: 302, location: "/admin/categories?done=promoted" });
    expect(await categoryBySlug("tascas")).toMatchObject({ id: tascas.id, ownerId: null, icon: "utensils", color: "#AA3300", position: 3 });
    expect((await exploreCategories(db)).map((c) => c.slug)).toEqual(["food", "coffee", "tascas"]);
    expect(await auditRows()).toMatchObject([
      { action: "category.promoted", targetId: tascas.id, before: { ownerId: expect.any(String) }, after: { ownerId: null, slug: "tascas" } },
    ]);
    // Promoting a site category is refused.
    expect((await post(admin, { intent: "promote", id: tascas.id })).status).toBe(400);
  });

  it("refuses bad input with a clear message, changing nothing: a colour that is not a colour, an unknown icon, an empty name, a slug in use, a stale order", async () => {
    const { food, coffee, bars, tascas } = await world();
    const before = await db.select().from(categories).orderBy(asc(categories.slug));
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ name: "Blue", icon: "pin", color: "a colour that is not a colour" }, { color: CATEGORY_MESSAGES.colour }],
      [{ name: "Blue", icon: "pin", color: "#12345G" }, { color: CATEGORY_MESSAGES.colour }],
      [{ name: "Blue", icon: "pin", color: "" }, { color: CATEGORY_MESSAGES.colour }],
      [{ name: "Skulls", icon: "skull", color: "#000000" }, { icon: CATEGORY_MESSAGES.icon }],
      [{ name: "  ", icon: "pin", color: "#000000" }, { name: CATEGORY_MESSAGES.nameRequired }],
      [{ name: "Food", icon: "pin", color: "#000000" }, { slug: CATEGORY_MESSAGES.slugTaken }],
      [{ name: "Mine", slug: "tascas-1a2b3c4d", icon: "pin", color: "#000000" }, { slug: CATEGORY_MESSAGES.slugTaken }],
      [{ name: "Odd", slug: "Odd Slug", icon: "pin", color: "#000000" }, { slug: CATEGORY_MESSAGES.slugFormat }],
    ];
    for (const [fields, fieldErrors] of cases) {
      const outcome = await post(admin, { intent: "create", ...fields });
      expect(outcome, JSON.stringify(fields)).toMatchObject({ status: 400, data: { fieldErrors } });
    }
    expect(await post(admin, { intent: "update", id: coffee.id, name: "Coffee", slug: "food", icon: "coffee", color: "#7C4A2D" })).toMatchObject({
      status: 400,
      data: { fieldErrors: { slug: CATEGORY_MESSAGES.slugTaken }, values: { slug: "food" } },
    });
    // A stale order (one missing, one repeated, one not a site category, not ids): 409, nothing moves.
    for (const ids of [
      [food.id, coffee.id],
      [food.id, coffee.id, coffee.id],
      [food.id, coffee.id, tascas.id],
      ["1", "2", "3"],
    ]) {
      expect((await reorder(admin, ids)).status).toBe(409);
    }
    // Unknown ids, a creator's category, itself as the target, a target that is not a site category.
    expect((await post(admin, { intent: "update", id: "nope", name: "X", icon: "pin", color: "#000000" })).status).toBe(404);
    expect((await post(admin, { intent: "update", id: tascas.id, name: "X", icon: "pin", color: "#000000" })).status).toBe(400);
    expect((await post(admin, { intent: "delete", id: "5c0a1b2c-0000-4000-8000-000000000001" })).status).toBe(404);
    expect(await post(admin, { intent: "merge", id: food.id, moveTo: food.id })).toMatchObject({
      status: 400,
      data: { fieldErrors: { moveTo: CATEGORY_MESSAGES.moveToSame } },
    });
    expect(await post(admin, { intent: "merge", id: food.id, moveTo: tascas.id })).toMatchObject({
      status: 400,
      data: { fieldErrors: { moveTo: CATEGORY_MESSAGES.moveToMissing } },
    });
    expect(await post(admin, { intent: "merge", id: food.id, moveTo: "not-an-id" })).toMatchObject({ status: 400 });
    expect(await post(admin, { intent: "merge", id: bars.id })).toMatchObject({ status: 400 });
    expect((await post(admin, { intent: "move", id: food.id, direction: "sideways" })).status).toBe(400);
    expect((await post(admin, { intent: "explode" })).status).toBe(400);

    expect(await db.select().from(categories).orderBy(asc(categories.slug))).toEqual(before);
    expect(await auditRows()).toEqual([]);
  });
});

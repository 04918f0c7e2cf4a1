/**
 * The back office's writes to spot categories, each in one transaction with its audit entry
 * (`record`, modules/audit), and the reads its page needs.
 *
 * The rules not obvious from the form:
 * - Site-wide categories (no owner) are the public filters (Explore, Discover) and are ordered by
 *   `position`, the admin's order. A creator's own categories (from imports) stay on that
 *   creator's maps and are never touched here, except by "promote": it makes one site-wide (its
 *   spots keep it), last in the order, with the look it had (its imported icon and colour become
 *   the admin-editable ones).
 * - A category in use (by spots, maps or articles) is never deleted with its uses: it is merged
 *   into another site category, which takes its spots, maps and articles in the same transaction.
 * - A slug is unique among all categories (the table's constraint); an empty one is made from
 *   the name.
 */
import { and, asc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { isUuid } from "~/lib/ids";
import { slugify } from "~/lib/slug";
import { articles, categories, mapCategories, profiles, spots } from "#db/schema";
import { record, type AuditActor } from "~/modules/audit/index.server";
import { CATEGORY_LIMITS, CATEGORY_MESSAGES, type CategoryFields } from "./category-validation";
import { pinStyleOf, type PinStyle } from "./pin-style";

export interface AdminCategory {
  id: string;
  slug: string;
  name: string;
  /** How its pins look: its own icon and colour, else the site's default for its slug. */
  style: PinStyle;
  /** What uses it: spots, maps (a map's own categories) and Discover articles. */
  spots: number;
  maps: number;
  articles: number;
}

export interface CreatorCategory extends AdminCategory {
  owner: { handle: string | null; displayName: string | null };
}

// Spelled out: in a query of one table Drizzle leaves its columns unqualified, and a bare "id"
// inside these subqueries would be the subquery's own.
const categoryId = sql.raw(`"categories"."id"`);
const usage = {
  spots: sql<number>`(select count(*) from ${spots} where ${spots.categoryId} = ${categoryId})::int`,
  maps: sql<number>`(select count(*) from ${mapCategories} where ${mapCategories.categoryId} = ${categoryId})::int`,
  articles: sql<number>`(select count(*) from ${articles} where ${articles.categoryId} = ${categoryId})::int`,
};

const columns = { id: categories.id, slug: categories.slug, name: categories.name, icon: categories.icon, color: categories.color, ...usage };

type Row = { id: string; slug: string; name: string; icon: string | null; color: string | null; spots: number; maps: number; articles: number };
const toAdmin = ({ icon, color, ...row }: Row): AdminCategory => ({ ...row, style: pinStyleOf({ slug: row.slug, icon, color }) });

/** The site-wide categories in the admin's order, with what uses them. */
export async function siteCategoriesForAdmin(db: Database | Transaction): Promise<AdminCategory[]> {
  const rows = await db.select(columns).from(categories).where(isNull(categories.ownerId)).orderBy(asc(categories.position), asc(categories.name));
  return rows.map(toAdmin);
}

/** Creators' own categories (from imports), by creator then name: the ones an admin may promote. */
export async function creatorCategoriesForAdmin(db: Database): Promise<CreatorCategory[]> {
  const rows = await db
    .select({ ...columns, handle: profiles.handle, displayName: profiles.displayName })
    .from(categories)
    .innerJoin(profiles, eq(profiles.id, categories.ownerId))
    .where(isNotNull(categories.ownerId))
    .orderBy(asc(profiles.handle), asc(categories.name));
  return rows.map(({ handle, displayName, ...row }) => ({ ...toAdmin(row), owner: { handle, displayName } }));
}

export type CategoryResult = { ok: true; id: string } | { ok: false; status: 400 | 404 | 409; error?: string; fieldErrors?: Partial<Record<string, string>> };

class Refused extends Error {
  constructor(readonly result: Extract<CategoryResult, { ok: false }>) {
    super("refused");
  }
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/** Run a write; a refusal thrown inside rolls it back and is its answer, a slug taken meanwhile too. */
async function write(db: Database, body: (tx: Transaction) => Promise<string>): Promise<CategoryResult> {
  try {
    return { ok: true, id: await db.transaction(body) };
  } catch (error) {
    if (error instanceof Refused) return error.result;
    if (isUniqueViolation(error)) return { ok: false, status: 400, fieldErrors: { slug: CATEGORY_MESSAGES.slugTaken } };
    throw error;
  }
}

const notFound = () => new Refused({ ok: false, status: 404, error: CATEGORY_MESSAGES.notFound });

/** What the audit log keeps of a category. */
async function snapshot(tx: Transaction, id: string) {
  const [row] = await tx
    .select({
      slug: categories.slug,
      name: categories.name,
      icon: categories.icon,
      color: categories.color,
      position: categories.position,
      ownerId: categories.ownerId,
      ...usage,
    })
    .from(categories)
    .where(eq(categories.id, id));
  return row ?? null;
}

async function siteCategory(tx: Transaction, id: string) {
  if (!isUuid(id)) throw notFound();
  const before = await snapshot(tx, id);
  if (!before) throw notFound();
  if (before.ownerId !== null) throw new Refused({ ok: false, status: 400, error: CATEGORY_MESSAGES.notSite });
  return before;
}

async function slugTaken(tx: Transaction, slug: string, except?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.slug, slug), except ? ne(categories.id, except) : undefined))
    .limit(1);
  return Boolean(row);
}

const slugOf = (fields: CategoryFields) => fields.slug || slugify(fields.name, "category").slice(0, CATEGORY_LIMITS.slug).replace(/-+$/, "");

async function nextPosition(tx: Transaction): Promise<number> {
  const [{ last }] = await tx
    .select({ last: sql<number | null>`max(${categories.position})` })
    .from(categories)
    .where(isNull(categories.ownerId));
  return last === null ? 0 : Number(last) + 1;
}

/** A new site-wide category, last in the order. */
export async function createSiteCategory(db: Database, actor: AuditActor, fields: CategoryFields): Promise<CategoryResult> {
  return write(db, async (tx) => {
    const slug = slugOf(fields);
    if (await slugTaken(tx, slug)) throw new Refused({ ok: false, status: 400, fieldErrors: { slug: CATEGORY_MESSAGES.slugTaken } });
    const [row] = await tx
      .insert(categories)
      .values({ slug, name: fields.name, icon: fields.icon, color: fields.color, position: await nextPosition(tx) })
      .returning({ id: categories.id });
    await record(tx, actor, "category.created", { type: "category", id: row.id }, null, await snapshot(tx, row.id));
    return row.id;
  });
}

/** Rename, re-slug, re-icon or re-colour a site-wide category. */
export async function updateSiteCategory(db: Database, actor: AuditActor, id: string, fields: CategoryFields): Promise<CategoryResult> {
  return write(db, async (tx) => {
    const before = await siteCategory(tx, id);
    const slug = slugOf(fields);
    if (await slugTaken(tx, slug, id)) throw new Refused({ ok: false, status: 400, fieldErrors: { slug: CATEGORY_MESSAGES.slugTaken } });
    await tx.update(categories).set({ slug, name: fields.name, icon: fields.icon, color: fields.color }).where(eq(categories.id, id));
    await record(tx, actor, "category.updated", { type: "category", id }, before, await snapshot(tx, id));
    return id;
  });
}

/** The order target in the audit log: the site's categories as a whole. */
const ORDER_TARGET = { type: "category_order", id: "site" };

async function applyOrder(tx: Transaction, actor: AuditActor, ids: string[]): Promise<void> {
  const current = await tx
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(isNull(categories.ownerId))
    .orderBy(asc(categories.position), asc(categories.name))
    .for("update");
  const same = ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.some((c) => c.id === id));
  if (!same) throw new Refused({ ok: false, status: 409, error: CATEGORY_MESSAGES.orderChanged });
  const slugs = new Map(current.map((c) => [c.id, c.slug]));
  if (current.every((c, i) => c.id === ids[i])) return;
  // One statement: every position at once.
  await tx
    .update(categories)
    .set({
      position: sql`case ${categories.id} ${sql.join(
        ids.map((id, i) => sql`when ${id}::uuid then ${i}::int`),
        sql` `,
      )} end`,
    })
    .where(inArray(categories.id, ids));
  await record(tx, actor, "category.reordered", ORDER_TARGET, { order: current.map((c) => c.slug) }, { order: ids.map((id) => slugs.get(id)!) });
}

/** Put the site's categories in this order (every one of them, each once; else the list changed meanwhile: 409). */
export async function reorderSiteCategories(db: Database, actor: AuditActor, ids: string[]): Promise<CategoryResult> {
  if (!ids.every(isUuid)) return { ok: false, status: 409, error: CATEGORY_MESSAGES.orderChanged };
  return write(db, async (tx) => {
    await applyOrder(tx, actor, ids);
    return "site";
  });
}

/** Move one site category a place up or down (the buttons that work without JavaScript). */
export async function moveSiteCategory(db: Database, actor: AuditActor, id: string, direction: "up" | "down"): Promise<CategoryResult> {
  return write(db, async (tx) => {
    await siteCategory(tx, id);
    const order = (
      await tx.select({ id: categories.id }).from(categories).where(isNull(categories.ownerId)).orderBy(asc(categories.position), asc(categories.name))
    ).map((c) => c.id);
    const from = order.indexOf(id);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= order.length) return id;
    [order[from], order[to]] = [order[to], order[from]];
    await applyOrder(tx, actor, order);
    return id;
  });
}

/**
 * Move everything that uses `sourceId` (spots, maps, articles) to `targetId`, then remove the
 * source: a merge, and the only way to delete a category in use.
 */
export async function mergeSiteCategory(db: Database, actor: AuditActor, sourceId: string, targetId: string): Promise<CategoryResult> {
  if (sourceId === targetId) return { ok: false, status: 400, fieldErrors: { moveTo: CATEGORY_MESSAGES.moveToSame } };
  return write(db, async (tx) => {
    const before = await siteCategory(tx, sourceId);
    if (!isUuid(targetId)) throw new Refused({ ok: false, status: 400, fieldErrors: { moveTo: CATEGORY_MESSAGES.moveToMissing } });
    const target = await snapshot(tx, targetId);
    if (!target || target.ownerId !== null) throw new Refused({ ok: false, status: 400, fieldErrors: { moveTo: CATEGORY_MESSAGES.moveToMissing } });
    await tx.update(spots).set({ categoryId: targetId }).where(eq(spots.categoryId, sourceId));
    // A map that had both keeps one row of the target.
    await tx.execute(
      sql`insert into ${mapCategories} (map_id, category_id) select ${mapCategories.mapId}, ${targetId}::uuid from ${mapCategories} where ${mapCategories.categoryId} = ${sourceId}::uuid on conflict do nothing`,
    );
    await tx.update(articles).set({ categoryId: targetId }).where(eq(articles.categoryId, sourceId));
    await tx.delete(categories).where(eq(categories.id, sourceId));
    await record(tx, actor, "category.merged", { type: "category", id: sourceId }, before, {
      mergedInto: { id: targetId, slug: target.slug, name: target.name },
      moved: { spots: before.spots, maps: before.maps, articles: before.articles },
    });
    return targetId;
  });
}

/** Delete a site category nothing uses; one in use needs a merge (`moveTo`), and is refused without it. */
export async function deleteSiteCategory(db: Database, actor: AuditActor, id: string, moveTo: string | null): Promise<CategoryResult> {
  if (moveTo) return mergeSiteCategory(db, actor, id, moveTo);
  return write(db, async (tx) => {
    const before = await siteCategory(tx, id);
    const uses = before.spots + before.maps + before.articles;
    if (uses > 0) throw new Refused({ ok: false, status: 400, fieldErrors: { moveTo: CATEGORY_MESSAGES.moveToRequired } });
    await tx.delete(categories).where(eq(categories.id, id));
    await record(tx, actor, "category.deleted", { type: "category", id }, before, null);
    return id;
  });
}

/**
 * Make a creator's own category site-wide: a public filter from now on, last in the order. Its
 * look is kept (the imported icon becomes the pin icon it was drawn with) and its slug becomes
 * the name's when that is free (imported ones carry a random tail).
 */
export async function promoteCreatorCategory(db: Database, actor: AuditActor, id: string): Promise<CategoryResult> {
  return write(db, async (tx) => {
    if (!isUuid(id)) throw notFound();
    const before = await snapshot(tx, id);
    if (!before) throw notFound();
    if (before.ownerId === null) throw new Refused({ ok: false, status: 400, error: CATEGORY_MESSAGES.notCreators });
    const style = pinStyleOf(before);
    const plain = slugify(before.name, "category").slice(0, CATEGORY_LIMITS.slug).replace(/-+$/, "");
    const slug = (await slugTaken(tx, plain, id)) ? before.slug : plain;
    await tx
      .update(categories)
      .set({ ownerId: null, slug, icon: style.icon, color: style.color, position: await nextPosition(tx) })
      .where(eq(categories.id, id));
    await record(tx, actor, "category.promoted", { type: "category", id }, before, await snapshot(tx, id));
    return id;
  });
}

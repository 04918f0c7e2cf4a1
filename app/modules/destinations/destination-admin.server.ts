/**
 * The back office's writes to destinations (cities), each in one transaction with its audit entry
 * (`record`, modules/audit): feature and unfeature a city, order the featured ones, and give a
 * featured one a cover and a description. And the search over the ~135k cities it picks from:
 * by the start of the name without accents (`search_name`, its btree pattern index), larger
 * cities first.
 *
 * A featured city has a `featured_position` (a newly featured one goes last); an unfeatured one
 * has none, and keeps its cover and description should it be featured again.
 */
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { cities, UNACCENT_FN } from "#db/schema";
import { record, type AuditActor } from "~/modules/audit/index.server";
import { removeCover, storeCover } from "~/modules/images/index.server";
import { DESTINATION_LIMITS, DESTINATION_MESSAGES, type DestinationDetails } from "./destination-validation";
import { featuredDestinations } from "./featured-destinations.server";

/** A GeoNames id as the forms send it, or null (never a number the integer column cannot hold). */
export function cityIdOf(value: unknown): number | null {
  if (typeof value !== "string" || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

export interface CityHit {
  id: number;
  name: string;
  country: string;
  adminCode: string | null;
  population: number;
  isFeatured: boolean;
}

const SEARCH_RESULTS = 20;

/** Cities whose name starts with `query` (accents and case ignored), the most populous first. */
export async function searchCities(db: Database, query: string): Promise<CityHit[]> {
  const q = query.trim().slice(0, DESTINATION_LIMITS.query);
  if (q.length < 2) return [];
  const escaped = q.replace(/[\\%_]/g, (c) => `\\${c}`);
  const fn = sql.raw(UNACCENT_FN);
  return db
    .select({
      id: cities.id,
      name: cities.name,
      country: cities.country,
      adminCode: cities.adminCode,
      population: cities.population,
      isFeatured: cities.isFeatured,
    })
    .from(cities)
    .where(sql`${cities.searchName} like lower(${fn}(${escaped})) || '%'`)
    .orderBy(desc(cities.population), asc(cities.name), asc(cities.id))
    .limit(SEARCH_RESULTS);
}

/** The featured destinations in order, as the back office lists them (every one of them). */
export async function featuredForAdmin(db: Database) {
  const rows = await featuredDestinations(db, { limit: 1000 });
  return rows.map((row) => ({ ...row, id: String(row.id) }));
}
export type AdminDestination = Awaited<ReturnType<typeof featuredForAdmin>>[number];

export type DestinationResult = { ok: true } | { ok: false; status: 400 | 404 | 409; error?: string; fieldErrors?: Partial<Record<string, string>> };

class Refused extends Error {
  constructor(readonly result: Extract<DestinationResult, { ok: false }>) {
    super("refused");
  }
}

const notFound = () => new Refused({ ok: false, status: 404, error: DESTINATION_MESSAGES.notFound });

async function run(db: Database, body: (tx: Transaction) => Promise<void>): Promise<DestinationResult> {
  try {
    await db.transaction(body);
    return { ok: true };
  } catch (error) {
    if (error instanceof Refused) return error.result;
    throw error;
  }
}

/** What the audit log keeps of a destination. */
async function snapshot(tx: Transaction, id: number) {
  const [row] = await tx
    .select({
      name: cities.name,
      country: cities.country,
      isFeatured: cities.isFeatured,
      featuredPosition: cities.featuredPosition,
      coverImageUrl: cities.coverImageUrl,
      description: cities.description,
    })
    .from(cities)
    .where(eq(cities.id, id))
    .for("update");
  return row ?? null;
}

const target = (id: number) => ({ type: "destination", id: String(id) });

/** Feature a city: last among the featured. Featuring a featured one changes nothing. */
export async function featureCity(db: Database, actor: AuditActor, id: number): Promise<DestinationResult> {
  return run(db, async (tx) => {
    const before = await snapshot(tx, id);
    if (!before) throw notFound();
    if (before.isFeatured) return;
    const [{ last }] = await tx
      .select({ last: sql<number | null>`max(${cities.featuredPosition})` })
      .from(cities)
      .where(eq(cities.isFeatured, true));
    await tx
      .update(cities)
      .set({ isFeatured: true, featuredPosition: last === null ? 0 : Number(last) + 1 })
      .where(eq(cities.id, id));
    await record(tx, actor, "destination.featured", target(id), before, await snapshot(tx, id));
  });
}

/** Take a city off the featured ones (its cover and description stay for another time). */
export async function unfeatureCity(db: Database, actor: AuditActor, id: number): Promise<DestinationResult> {
  return run(db, async (tx) => {
    const before = await snapshot(tx, id);
    if (!before) throw notFound();
    if (!before.isFeatured) return;
    await tx.update(cities).set({ isFeatured: false, featuredPosition: null }).where(eq(cities.id, id));
    await record(tx, actor, "destination.unfeatured", target(id), before, await snapshot(tx, id));
  });
}

async function applyOrder(tx: Transaction, actor: AuditActor, ids: number[]): Promise<void> {
  const current = await tx
    .select({ id: cities.id, name: cities.name })
    .from(cities)
    .where(eq(cities.isFeatured, true))
    .orderBy(sql`${cities.featuredPosition} asc nulls last`, desc(cities.population), asc(cities.id))
    .for("update");
  const same = ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.some((c) => c.id === id));
  if (!same) throw new Refused({ ok: false, status: 409, error: DESTINATION_MESSAGES.orderChanged });
  if (current.every((c, i) => c.id === ids[i])) return;
  await tx
    .update(cities)
    .set({
      featuredPosition: sql`case ${cities.id} ${sql.join(
        ids.map((id, i) => sql`when ${id}::int then ${i}::int`),
        sql` `,
      )} end`,
    })
    .where(inArray(cities.id, ids));
  const names = new Map(current.map((c) => [c.id, c.name]));
  await record(
    tx,
    actor,
    "destination.reordered",
    { type: "destination_order", id: "featured" },
    { order: current.map((c) => `${c.name} (${c.id})`) },
    { order: ids.map((id) => `${names.get(id)} (${id})`) },
  );
}

/** Put the featured destinations in this order (every one of them, each once; else 409). */
export async function reorderFeatured(db: Database, actor: AuditActor, ids: number[]): Promise<DestinationResult> {
  return run(db, (tx) => applyOrder(tx, actor, ids));
}

/** Move one featured destination a place up or down (the buttons that work without JavaScript). */
export async function moveFeatured(db: Database, actor: AuditActor, id: number, direction: "up" | "down"): Promise<DestinationResult> {
  return run(db, async (tx) => {
    const order = (
      await tx
        .select({ id: cities.id })
        .from(cities)
        .where(eq(cities.isFeatured, true))
        .orderBy(sql`${cities.featuredPosition} asc nulls last`, desc(cities.population), asc(cities.id))
    ).map((c) => c.id);
    const from = order.indexOf(id);
    if (from === -1) throw new Refused({ ok: false, status: 400, error: DESTINATION_MESSAGES.notFeatured });
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= order.length) return;
    [order[from], order[to]] = [order[to], order[from]];
    await applyOrder(tx, actor, order);
  });
}

/**
 * A featured destination's description and cover (a new upload, checked by its bytes; "remove";
 * or undefined to keep it). The upload is stored before the transaction and removed again if the
 * write is refused; the replaced cover's files go after the commit.
 */
export async function setDestinationDetails(
  db: Database,
  actor: AuditActor,
  id: number,
  details: DestinationDetails,
  cover?: Uint8Array | "remove",
): Promise<DestinationResult> {
  let newCover: string | null = null;
  if (cover instanceof Uint8Array) {
    const stored = await storeCover(cover);
    if (!stored.ok) return { ok: false, status: 400, fieldErrors: { cover: stored.error } };
    newCover = stored.url;
  }
  let replaced: string | null = null;
  const result = await run(db, async (tx) => {
    const before = await snapshot(tx, id);
    if (!before) throw notFound();
    if (!before.isFeatured) throw new Refused({ ok: false, status: 400, error: DESTINATION_MESSAGES.notFeatured });
    const coverImageUrl = newCover ?? (cover === "remove" ? null : before.coverImageUrl);
    await tx.update(cities).set({ description: details.description, coverImageUrl }).where(eq(cities.id, id));
    await record(tx, actor, "destination.updated", target(id), before, await snapshot(tx, id));
    if (before.coverImageUrl && before.coverImageUrl !== coverImageUrl) replaced = before.coverImageUrl;
  }).catch(async (error: unknown) => {
    await removeCover(newCover);
    throw error;
  });
  if (!result.ok) {
    await removeCover(newCover);
    return result;
  }
  await removeCover(replaced);
  return result;
}

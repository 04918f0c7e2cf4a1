/**
 * The categories a creator may use: the site-wide ones and their own (made
 * by an import, with the source's icon and colour). Another creator's own
 * categories are neither offered in the Studio's pickers nor accepted when
 * a form names one.
 */
import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import type { Database, Transaction } from "~/lib/db.server";
import { categories } from "#db/schema";
import type { CategoryChoice } from "./index";

/** The condition on `categories` for the categories `creatorId` may use. */
export const usableBy = (creatorId: string) => or(isNull(categories.ownerId), eq(categories.ownerId, creatorId));

/** Site-wide categories and the creator's own, by name. */
export async function creatorCategories(db: Database | Transaction, creatorId: string): Promise<CategoryChoice[]> {
  return db.select({ id: categories.id, name: categories.name }).from(categories).where(usableBy(creatorId)).orderBy(asc(categories.name));
}

/** How many of `ids` (distinct, valid UUIDs) the creator may use. */
export async function usableCategoryCount(db: Database | Transaction, creatorId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(inArray(categories.id, ids), usableBy(creatorId)));
  return rows.length;
}

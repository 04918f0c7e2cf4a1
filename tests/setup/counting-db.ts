/**
 * The database, counting every query builder started on it (and on its transactions): for tests
 * that two requests do the same work, without timing them.
 */
import type { Database } from "~/lib/db.server";

export type Counts = Record<"select" | "insert" | "update" | "delete" | "execute", number>;

export function countingDb(db: Database): { db: Database; counts: Counts } {
  const counts: Counts = { select: 0, insert: 0, update: 0, delete: 0, execute: 0 };
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, prop) {
        const value: unknown = Reflect.get(t, prop, t);
        if (typeof value !== "function") return value;
        if (typeof prop === "string" && prop in counts)
          return (...args: unknown[]) => {
            counts[prop as keyof Counts]++;
            return (value as (...a: unknown[]) => unknown).apply(t, args);
          };
        if (prop === "transaction")
          return (fn: (tx: object) => unknown, config?: unknown) =>
            (value as (f: unknown, c: unknown) => unknown).call(t, (tx: object) => fn(wrap(tx)), config);
        return (value as (...a: unknown[]) => unknown).bind(t);
      },
    });
  return { db: wrap(db), counts };
}

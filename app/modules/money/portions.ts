/**
 * The two exact divisions of the month close, in plain TypeScript (the close does the same in SQL,
 * over every payment at once; tests hold the two equal).
 *
 * Portions: a yearly payment is earned in twelve monthly portions. Portion k (0..11) of an amount A
 * is floor(A·(k+1)/12) − floor(A·k/12): each is A/12 rounded down or up, and the twelve sum to A
 * exactly (the sum telescopes to floor(A·12/12)). A monthly payment is one portion, A.
 *
 * Largest remainder: the pool is shared in proportion to points. Each creator first gets
 * floor(pool·points/total); the cents left over (fewer than the number of creators) go one each to
 * the creators with the largest remainders (pool·points mod total), ties broken by creator id in
 * ascending order. So the shares sum to the pool exactly, and the same points always give the
 * same cents.
 */
import { cents, type Cents } from "./cents";

/** Portion k of `portions` of an amount (whole cents, never negative). */
export function portionOf(amount: Cents, k: number, portions: number): Cents {
  if (!Number.isInteger(k) || k < 0 || k >= portions) throw new RangeError(`No portion ${k} of ${portions}`);
  const a = BigInt(amount);
  const n = BigInt(portions);
  return cents(Number((a * BigInt(k + 1)) / n - (a * BigInt(k)) / n));
}

/** The words statements print for the rule above. */
export const LARGEST_REMAINDER_RULE =
  "Each creator first receives the pool × their points ÷ all points, rounded down to the cent. The cents left over go one each to the creators with the largest remainders of that division; equal remainders are ordered by creator id, ascending.";

export interface PoolShare {
  creatorId: string;
  points: number;
  /** floor(pool·points/total) */
  base: Cents;
  /** pool·points mod total: what decides the extra cents */
  remainder: bigint;
  /** 1 if this creator got one of the leftover cents */
  extraCent: 0 | 1;
  share: Cents;
}

/** Split `pool` cents by points, by the largest-remainder rule. No points at all: no shares. */
export function splitPool(pool: Cents, points: { creatorId: string; points: number }[]): PoolShare[] {
  const total = BigInt(points.reduce((sum, p) => sum + p.points, 0));
  if (total === 0n) return [];
  const p = BigInt(pool);
  const rows = points
    .filter((x) => x.points > 0)
    .map((x) => ({ creatorId: x.creatorId, points: x.points, base: (p * BigInt(x.points)) / total, remainder: (p * BigInt(x.points)) % total }));
  let leftover = p - rows.reduce((sum, r) => sum + r.base, 0n);
  const order = [...rows].sort((a, b) => (a.remainder === b.remainder ? (a.creatorId < b.creatorId ? -1 : 1) : a.remainder > b.remainder ? -1 : 1));
  const extra = new Set<string>();
  for (const r of order) {
    if (leftover <= 0n) break;
    extra.add(r.creatorId);
    leftover--;
  }
  return rows.map((r) => {
    const extraCent = extra.has(r.creatorId) ? 1 : 0;
    return {
      creatorId: r.creatorId,
      points: r.points,
      base: cents(Number(r.base)),
      remainder: r.remainder,
      extraCent,
      share: cents(Number(r.base) + extraCent),
    };
  });
}

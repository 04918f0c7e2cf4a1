/** Small statistics and formatting helpers for the benches. */

/** Nearest-rank percentile (p in 0..100) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
export const seconds = (msValue: number) => (msValue / 1000).toFixed(1);
export const count = (n: number) => n.toLocaleString("en-US");

/** A printed result line; `npm run bench` also collects them into its closing table. */
export type Report = (name: string, value: string) => void;

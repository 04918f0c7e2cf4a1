import { formatEuros, type Cents } from "~/modules/money";

/** One month of earnings, as the Revenue page's loader sends it (modules/money `MonthEarnings`). */
export interface RevenueMonth {
  month: string;
  supporters: Cents;
  pool: Cents;
  adjustments: Cents;
  total: Cents;
}

const WIDTH = 600;
const HEIGHT = 160;
const GAP = 8;
const euros = (amount: Cents) => formatEuros(amount, { decimals: "always" });

/** "Nov 2026" / "November 2026" from "2026-11" (UTC, so server and browser agree). */
export function revenueMonthLabel(month: string, style: "short" | "long" = "short"): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-GB", { month: style, year: "numeric", timeZone: "UTC" });
}

/**
 * Earnings per month as stacked bars (Supporter earnings under pool earnings; refunds and
 * chargebacks below the line), drawn in SVG like the supporters chart (no chart library): one
 * image with a summary for screen readers, each bar titled with its figures, and the same numbers
 * in the table beside it.
 */
export function RevenueChart({ months }: { months: RevenueMonth[] }) {
  const top = Math.max(1, ...months.map((m) => m.supporters + m.pool));
  const bottom = Math.max(0, ...months.map((m) => -m.adjustments));
  // Room below the line only when something was taken back.
  const below = bottom > 0 ? Math.max(20, (bottom / (top + bottom)) * HEIGHT) : 0;
  const above = HEIGHT - below;
  const slot = WIDTH / Math.max(1, months.length);
  const bar = slot - GAP * 2;
  const sum = (pick: (m: RevenueMonth) => number) => months.reduce((total, m) => total + pick(m), 0) as Cents;
  const first = months[0]?.month;
  const last = months.at(-1)?.month;
  const range = first && last ? `from ${revenueMonthLabel(first, "long")} to ${revenueMonthLabel(last, "long")}` : "";
  return (
    <figure data-testid="revenue-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 20}`}
        className="h-auto w-full"
        role="img"
        aria-label={`Earnings per month ${range}: ${euros(sum((m) => m.supporters))} from supporters, ${euros(sum((m) => m.pool))} from the Premium pool, ${euros(sum((m) => m.adjustments))} in refunds and chargebacks; ${euros(sum((m) => m.total))} in all`}
      >
        {months.map((m, i) => {
          const x = i * slot + GAP;
          const hs = (Math.max(0, m.supporters) / top) * above;
          const hp = (Math.max(0, m.pool) / top) * above;
          const ha = bottom > 0 ? (Math.max(0, -m.adjustments) / bottom) * (below - 2) : 0;
          return (
            <g key={m.month}>
              <title>{`${revenueMonthLabel(m.month)}: supporters ${euros(m.supporters)}, pool ${euros(m.pool)}, refunds ${euros(m.adjustments)}, total ${euros(m.total)}`}</title>
              <rect x={x} y={above - hs} width={bar} height={hs} className="fill-brand-500" />
              <rect x={x} y={above - hs - hp} width={bar} height={hp} className="fill-sky-400" />
              {ha > 0 ? <rect x={x} y={above} width={bar} height={ha} className="fill-red-400" /> : null}
              <text x={x + bar / 2} y={HEIGHT + 15} textAnchor="middle" className="fill-neutral-500 text-[11px]">
                {revenueMonthLabel(m.month).slice(0, 3)}
              </text>
            </g>
          );
        })}
        <line x1={0} x2={WIDTH} y1={above} y2={above} className="stroke-neutral-300" />
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-neutral-700">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden className="size-3 rounded-sm bg-brand-500" /> Supporters
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden className="size-3 rounded-sm bg-sky-400" /> Premium pool
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden className="size-3 rounded-sm bg-red-400" /> Refunds and chargebacks
        </span>
      </figcaption>
    </figure>
  );
}

/** The same months as a table, newest first, with the totals of the twelve months. */
export function RevenueMonthsTable({ months }: { months: RevenueMonth[] }) {
  const sum = (pick: (m: RevenueMonth) => number) => months.reduce((total, m) => total + pick(m), 0) as Cents;
  return (
    <table className="w-full text-left text-sm" data-testid="revenue-months">
      <caption className="sr-only">Earnings per month: from supporters, from the Premium pool, refunds and chargebacks, and in all</caption>
      <thead>
        <tr className="border-b border-neutral-200 text-neutral-600">
          <th scope="col" className="py-1 font-medium">
            Month
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Supporters
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Premium pool
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Refunds
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {[...months].reverse().map((m) => (
          <tr key={m.month} className="border-b border-neutral-100" data-testid="revenue-month" data-month={m.month}>
            <th scope="row" className="py-1 font-normal">
              {revenueMonthLabel(m.month)}
            </th>
            <td className="py-1 text-right tabular-nums">{euros(m.supporters)}</td>
            <td className="py-1 text-right tabular-nums">{euros(m.pool)}</td>
            <td className="py-1 text-right tabular-nums">{euros(m.adjustments)}</td>
            <td className="py-1 text-right font-semibold tabular-nums">{euros(m.total)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr data-testid="revenue-totals">
          <th scope="row" className="py-1 font-semibold">
            {months.length} months
          </th>
          <td className="py-1 text-right font-semibold tabular-nums">{euros(sum((m) => m.supporters))}</td>
          <td className="py-1 text-right font-semibold tabular-nums">{euros(sum((m) => m.pool))}</td>
          <td className="py-1 text-right font-semibold tabular-nums">{euros(sum((m) => m.adjustments))}</td>
          <td className="py-1 text-right font-semibold tabular-nums">{euros(sum((m) => m.total))}</td>
        </tr>
      </tfoot>
    </table>
  );
}

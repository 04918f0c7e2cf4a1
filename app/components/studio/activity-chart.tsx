import type { DayFigures } from "~/modules/creator-stats/dashboard";

const WIDTH = 600;
const HEIGHT = 160;
const GAP = 2;

/** "2026-03-14" → "14 Mar", in UTC like the figures. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
}

/**
 * Views and saves per day as paired bars, drawn in SVG (no chart library):
 * the picture is one image with a summary for screen readers, and the same
 * figures are in a table below it.
 */
export function ActivityChart({ days }: { days: DayFigures[] }) {
  const max = Math.max(1, ...days.map((d) => Math.max(d.views, d.saves)));
  const slot = WIDTH / days.length;
  const bar = (slot - GAP * 2) / 2;
  const totalViews = days.reduce((sum, d) => sum + d.views, 0);
  const totalSaves = days.reduce((sum, d) => sum + d.saves, 0);
  const first = days[0]?.day;
  const last = days.at(-1)?.day;
  return (
    <figure data-testid="activity-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 20}`}
        className="h-auto w-full"
        role="img"
        aria-label={`Views and saves per day from ${first ? shortDay(first) : ""} to ${last ? shortDay(last) : ""}: ${totalViews} views, ${totalSaves} saves`}
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="stroke-neutral-300" />
        {days.map((d, i) => {
          const x = i * slot + GAP;
          const hv = (d.views / max) * HEIGHT;
          const hs = (d.saves / max) * HEIGHT;
          return (
            <g key={d.day}>
              <title>{`${shortDay(d.day)}: ${d.views} views, ${d.saves} saves`}</title>
              <rect x={x} y={HEIGHT - hv} width={bar} height={hv} className="fill-brand-500" />
              <rect x={x + bar} y={HEIGHT - hs} width={bar} height={hs} className="fill-amber-400" />
            </g>
          );
        })}
        {first ? (
          <text x={0} y={HEIGHT + 15} className="fill-neutral-500 text-[11px]">
            {shortDay(first)}
          </text>
        ) : null}
        {last ? (
          <text x={WIDTH} y={HEIGHT + 15} textAnchor="end" className="fill-neutral-500 text-[11px]">
            {shortDay(last)}
          </text>
        ) : null}
      </svg>
      <figcaption className="mt-2 flex gap-4 text-sm text-neutral-700">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden className="size-3 rounded-sm bg-brand-500" /> Views
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden className="size-3 rounded-sm bg-amber-400" /> Saves
        </span>
      </figcaption>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">Show the figures as a table</summary>
        <table className="mt-2 w-full max-w-md text-left" data-testid="activity-table">
          <caption className="sr-only">Views and saves per day (UTC)</caption>
          <thead>
            <tr className="border-b border-neutral-200 text-neutral-600">
              <th scope="col" className="py-1 font-medium">
                Day
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Views
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Saves
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day} className="border-b border-neutral-100">
                <th scope="row" className="py-1 font-normal">
                  {shortDay(d.day)}
                </th>
                <td className="py-1 text-right tabular-nums">{d.views}</td>
                <td className="py-1 text-right tabular-nums">{d.saves}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

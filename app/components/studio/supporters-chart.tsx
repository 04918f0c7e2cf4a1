import { formatChurn, monthLabel, type SupporterMonth } from "~/modules/supporters";

const WIDTH = 600;
const HEIGHT = 140;
const GAP = 6;

/**
 * Supports started and ended per month as paired bars, drawn in SVG like the dashboard's
 * activity chart (no chart library): one image with a summary for screen readers, and the same
 * figures, with the supporters at each month's end and the churn, in the table beside it.
 */
export function SupportersChart({ months }: { months: SupporterMonth[] }) {
  const max = Math.max(1, ...months.map((m) => Math.max(m.started, m.ended)));
  const slot = WIDTH / Math.max(1, months.length);
  const bar = (slot - GAP * 2) / 2;
  const started = months.reduce((sum, m) => sum + m.started, 0);
  const ended = months.reduce((sum, m) => sum + m.ended, 0);
  const first = months[0]?.month;
  const last = months.at(-1)?.month;
  const range = first && last ? `from ${monthLabel(first, "long")} to ${monthLabel(last, "long")}` : "";
  return (
    <figure data-testid="supporters-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 20}`}
        className="h-auto w-full"
        role="img"
        aria-label={`New and ended supporters per month ${range}: ${started} new, ${ended} ended`}
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="stroke-neutral-300" />
        {months.map((m, i) => {
          const x = i * slot + GAP;
          const hn = (m.started / max) * HEIGHT;
          const he = (m.ended / max) * HEIGHT;
          return (
            <g key={m.month}>
              <title>{`${monthLabel(m.month)}: ${m.started} new, ${m.ended} ended, ${m.activeAtEnd} at the end`}</title>
              <rect x={x} y={HEIGHT - hn} width={bar} height={hn} className="fill-brand-500" />
              <rect x={x + bar} y={HEIGHT - he} width={bar} height={he} className="fill-amber-400" />
              <text x={x + bar} y={HEIGHT + 15} textAnchor="middle" className="fill-neutral-500 text-[11px]">
                {monthLabel(m.month).slice(0, 3)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex gap-4 text-sm text-neutral-700">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden className="size-3 rounded-sm bg-brand-500" /> New
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden className="size-3 rounded-sm bg-amber-400" /> Ended
        </span>
      </figcaption>
    </figure>
  );
}

/** The same months as a table: new, ended, supporters at the month's end, churn (ended / supporters at its start). */
export function SupporterMonthsTable({ months }: { months: SupporterMonth[] }) {
  return (
    <table className="w-full text-left text-sm" data-testid="supporter-months">
      <caption className="sr-only">Supporters per month (UTC): new, ended, at the end of the month, and churn</caption>
      <thead>
        <tr className="border-b border-neutral-200 text-neutral-600">
          <th scope="col" className="py-1 font-medium">
            Month
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            New
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Ended
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            At month end
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            <abbr title="Ended in the month, divided by supporters at its start" className="no-underline">
              Churn
            </abbr>
          </th>
        </tr>
      </thead>
      <tbody>
        {[...months].reverse().map((m) => (
          <tr key={m.month} className="border-b border-neutral-100" data-testid="supporter-month" data-month={m.month}>
            <th scope="row" className="py-1 font-normal">
              {monthLabel(m.month)}
            </th>
            <td className="py-1 text-right tabular-nums">{m.started}</td>
            <td className="py-1 text-right tabular-nums">{m.ended}</td>
            <td className="py-1 text-right tabular-nums">{m.activeAtEnd}</td>
            <td className="py-1 text-right tabular-nums">{formatChurn(m.churn)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

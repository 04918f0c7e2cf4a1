import { shortDay } from "~/components/studio/activity-chart";

const WIDTH = 270;
const HEIGHT = 56;

/**
 * One figure per day over the last 90 days as thin bars in SVG (no chart library): an image whose
 * label says the period and the total, a tooltip per day, and the figures as a table on request.
 */
export function TrendChart({ label, days, values, format = String }: { label: string; days: string[]; values: number[]; format?: (n: number) => string }) {
  const max = Math.max(1, ...values);
  const slot = WIDTH / Math.max(1, days.length);
  const total = values.reduce((a, b) => a + b, 0);
  const first = days[0];
  const last = days.at(-1);
  return (
    <figure className="mt-3" data-testid="trend-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-14 w-full"
        preserveAspectRatio="none"
        role="img"
        aria-label={`${label} per day from ${first ? shortDay(first) : ""} to ${last ? shortDay(last) : ""}: ${format(total)} in all`}
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-neutral-200" />
        {values.map((v, i) =>
          v > 0 ? (
            <rect
              key={days[i]}
              x={i * slot}
              y={HEIGHT - (v / max) * HEIGHT}
              width={Math.max(1, slot - 1)}
              height={(v / max) * HEIGHT}
              className="fill-brand-500"
            >
              <title>{`${shortDay(days[i])}: ${format(v)}`}</title>
            </rect>
          ) : null,
        )}
      </svg>
      <figcaption className="mt-1 text-xs text-neutral-600">{format(total)} in 90 days</figcaption>
      <details className="mt-1 text-xs">
        <summary className="cursor-pointer text-brand-700">Figures by day</summary>
        <table className="mt-1 w-full text-left">
          <caption className="sr-only">{label} per day (UTC)</caption>
          <tbody>
            {days.map((d, i) =>
              values[i] > 0 ? (
                <tr key={d}>
                  <th scope="row" className="py-0.5 font-normal">
                    {shortDay(d)}
                  </th>
                  <td className="py-0.5 text-right">{format(values[i])}</td>
                </tr>
              ) : null,
            )}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

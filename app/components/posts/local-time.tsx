/**
 * A time on the reader's own wall clock. The server does not know the browser's time zone, so the
 * page is rendered in UTC (and says so) and shows the local time once the scripts run; the
 * `dateTime` attribute is the instant either way.
 */
import { useHydrated } from "~/lib/use-hydrated";
import { formatInZone } from "~/modules/posts/post-schedule";

/** The browser's time zone, or UTC on the server. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

export function LocalTime({ iso, dateOnly = false }: { iso: string; dateOnly?: boolean }) {
  const hydrated = useHydrated();
  const instant = new Date(iso);
  const zone = hydrated ? browserTimeZone() : "UTC";
  const text = dateOnly
    ? new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: zone }).format(instant)
    : `${formatInZone(instant, zone)}${hydrated ? "" : " UTC"}`;
  return (
    <time dateTime={instant.toISOString()} suppressHydrationWarning>
      {text}
    </time>
  );
}

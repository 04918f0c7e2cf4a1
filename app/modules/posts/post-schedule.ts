/**
 * Scheduled times: the creator picks a wall-clock time in their own time zone (a
 * `datetime-local` value and the browser's IANA zone, sent with the form), the database keeps the
 * instant in UTC, and the editor shows it back in the zone it is read in. Pure, on Intl alone:
 * the same in the browser and on the server.
 */

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Whether `zone` is a time zone this runtime knows ("Europe/Madrid", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function partsIn(instant: Date, zone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute"), second: get("second") };
}

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date, zone: string): number {
  const p = partsIn(instant, zone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a wall-clock time in `zone` names, or null when the value cannot be read. A time
 * the clocks skip (the hour lost in spring) is read with the offset before the change, a time
 * they repeat (autumn) as its first occurrence.
 */
export function zonedTimeToUtc(local: string, zone: string): Date | null {
  const m = LOCAL.exec(local.trim());
  if (!m || !isTimeZone(zone)) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => Number(v ?? 0));
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  if (new Date(wall).getUTCDate() !== day) return null;
  // The offset one day either side tells the two candidates apart across a change of offset.
  const candidates = [...new Set([offsetAt(new Date(wall - 86_400_000), zone), offsetAt(new Date(wall + 86_400_000), zone)])].map((offset) => wall - offset);
  const exact = candidates.filter((t) => wall - t === offsetAt(new Date(t), zone)).sort((a, b) => a - b);
  return new Date(exact[0] ?? candidates[0]);
}

/** `instant` as a `datetime-local` value (to the minute) on `zone`'s wall clock. */
export function utcToZonedTime(instant: Date, zone: string): string {
  const p = partsIn(instant, isTimeZone(zone) ? zone : "UTC");
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/** "Tue 1 Dec 2026, 09:30" on `zone`'s wall clock, for the editor's status line. */
export function formatInZone(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: isTimeZone(zone) ? zone : "UTC",
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(instant);
}

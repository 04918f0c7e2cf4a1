/**
 * The two first-party analytics cookies, read and written by hand (two
 * fixed names, values we mint ourselves):
 *
 * - `sf_tid`: an opaque random tracking id (a UUID), 400 days.
 * - `sf_ref`: the creator whose page, map or spot was opened last (last-click
 *   attribution), 30 days from that click.
 *
 * Both HttpOnly and SameSite=Lax: page scripts never need them, and a
 * top-level arrival from another site (a shared link) still carries them.
 */
export const TRACKING_COOKIE = "sf_tid";
export const REFERRER_COOKIE = "sf_ref";

const DAY_SECONDS = 24 * 60 * 60;
/** Browsers cap cookie lifetimes at 400 days; the session cookie uses the same. */
export const TRACKING_MAX_AGE_SECONDS = 400 * DAY_SECONDS;
export const REFERRER_MAX_AGE_SECONDS = 30 * DAY_SECONDS;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Profile ids (better-auth user ids): short, URL-safe. */
const PROFILE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isTrackingId(value: string | null | undefined): value is string {
  return typeof value === "string" && UUID.test(value);
}

export function isCreatorId(value: string | null | undefined): value is string {
  return typeof value === "string" && PROFILE_ID.test(value);
}

export function newTrackingId(): string {
  return crypto.randomUUID();
}

/** The value of cookie `name` in a Cookie header, or null (the first one wins, as browsers send the most specific first). */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return null;
}

export interface AnalyticsCookies {
  /** Null when absent or not one of ours (a new id is minted then). */
  trackingId: string | null;
  referrerCreatorId: string | null;
}

export function readAnalyticsCookies(header: string | null | undefined): AnalyticsCookies {
  const trackingId = readCookie(header, TRACKING_COOKIE);
  const referrer = readCookie(header, REFERRER_COOKIE);
  return { trackingId: isTrackingId(trackingId) ? trackingId : null, referrerCreatorId: isCreatorId(referrer) ? referrer : null };
}

export interface CookieOptions {
  maxAgeSeconds: number;
  /** Served over https (PUBLIC_URL): the cookie is never sent in clear. */
  secure: boolean;
}

export function serializeCookie(name: string, value: string, { maxAgeSeconds, secure }: CookieOptions): string {
  const expires = new Date(Date.now() + maxAgeSeconds * 1000).toUTCString();
  const parts = [`${name}=${encodeURIComponent(value)}`, `Max-Age=${maxAgeSeconds}`, `Expires=${expires}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

export function trackingCookie(trackingId: string, secure: boolean): string {
  return serializeCookie(TRACKING_COOKIE, trackingId, { maxAgeSeconds: TRACKING_MAX_AGE_SECONDS, secure });
}

export function referrerCookie(creatorId: string, secure: boolean): string {
  return serializeCookie(REFERRER_COOKIE, creatorId, { maxAgeSeconds: REFERRER_MAX_AGE_SECONDS, secure });
}

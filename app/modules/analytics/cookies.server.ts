/**
 * The cookies the app sets itself, each declared once (React Router's
 * `createCookie`, which stores values as base64 JSON). better-auth's session
 * cookies are its own and are not declared here.
 *
 * - `sf_tid`: an opaque random tracking id (a UUID), 400 days.
 * - `sf_ref`: the creator whose page, map or spot was opened last (last-click
 *   attribution), 30 days from that click.
 * - `sf_consent`: the visitor's answer to the cookie banner, 365 days.
 *
 * All HttpOnly and SameSite=Lax: page scripts never need them, and a
 * top-level arrival from another site (a shared link) still carries them.
 * Secure is decided per response (served over https), not here: the
 * declarations are read before the environment is.
 *
 * The cookie policy (app/modules/legal) states these names and lifetimes
 * from OWN_COOKIES, so the text cannot drift from what the browser receives.
 */
import { createCookie, type Cookie } from "react-router";
import { isUuid } from "~/lib/ids";
import { POSTHOG_COOKIE_PREFIX, isConsent, type Consent } from "./consent";

const DAY_SECONDS = 24 * 60 * 60;
/** Browsers cap cookie lifetimes at 400 days; the session cookie uses the same. */
export const TRACKING_MAX_AGE_SECONDS = 400 * DAY_SECONDS;
export const REFERRER_MAX_AGE_SECONDS = 30 * DAY_SECONDS;
/** The banner asks again after a year (cookie policy section 6). */
export const CONSENT_MAX_AGE_SECONDS = 365 * DAY_SECONDS;

const attributes = { path: "/", httpOnly: true, sameSite: "lax" } as const;

export const trackingIdCookie = createCookie("sf_tid", { ...attributes, maxAge: TRACKING_MAX_AGE_SECONDS });
export const referrerCookie = createCookie("sf_ref", { ...attributes, maxAge: REFERRER_MAX_AGE_SECONDS });
export const consentCookie = createCookie("sf_consent", { ...attributes, maxAge: CONSENT_MAX_AGE_SECONDS });

/** What a cookie of ours is for, as the cookie policy groups them. */
export type CookieCategory = "strictly-necessary" | "analytics";

export interface OwnCookie {
  cookie: Cookie;
  maxAgeSeconds: number;
  category: CookieCategory;
}

/** Every cookie the app sets itself (the cookie policy lists exactly these). */
export const OWN_COOKIES: readonly OwnCookie[] = [
  { cookie: consentCookie, maxAgeSeconds: CONSENT_MAX_AGE_SECONDS, category: "strictly-necessary" },
  { cookie: trackingIdCookie, maxAgeSeconds: TRACKING_MAX_AGE_SECONDS, category: "analytics" },
  { cookie: referrerCookie, maxAgeSeconds: REFERRER_MAX_AGE_SECONDS, category: "analytics" },
];

/** The analytics cookies of ours: deleted when consent is refused. */
export const ANALYTICS_COOKIES: readonly Cookie[] = OWN_COOKIES.filter((c) => c.category === "analytics").map((c) => c.cookie);

/** Profile ids (better-auth user ids): short, URL-safe. */
const PROFILE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Only ids as we issue them (randomUUID: lower case), so one visitor never counts as two. */
export function isTrackingId(value: unknown): value is string {
  return isUuid(value) && value === value.toLowerCase();
}

export function isCreatorId(value: unknown): value is string {
  return typeof value === "string" && PROFILE_ID.test(value);
}

export function newTrackingId(): string {
  return crypto.randomUUID();
}

/** Set-Cookie for `value`, Secure over https; an Expires date beside Max-Age for clients that only know Expires. */
export function setCookie(cookie: Cookie, value: string, secure: boolean): Promise<string> {
  return cookie.serialize(value, { secure, expires: cookie.expires });
}

export interface AnalyticsCookies {
  /** Null when absent or not one of ours (a new id is minted then). */
  trackingId: string | null;
  referrerCreatorId: string | null;
}

export async function readAnalyticsCookies(header: string | null | undefined): Promise<AnalyticsCookies> {
  const [trackingId, referrer] = await Promise.all([trackingIdCookie.parse(header ?? null), referrerCookie.parse(header ?? null)]);
  return { trackingId: isTrackingId(trackingId) ? trackingId : null, referrerCreatorId: isCreatorId(referrer) ? referrer : null };
}

/** The visitor's recorded choice, or null when they have not chosen yet (the banner shows). */
export async function readConsent(header: string | null | undefined): Promise<Consent | null> {
  const value: unknown = await consentCookie.parse(header ?? null);
  return isConsent(value) ? value : null;
}

/**
 * Set-Cookie headers that delete every analytics cookie the request carries:
 * ours (tracking id, last-click creator) and PostHog's first-party ones.
 */
export function clearAnalyticsCookies(header: string | null | undefined, secure: boolean): Promise<string[]> {
  const present = new Set((header ?? "").split(";").map((part) => part.split("=")[0]?.trim() ?? ""));
  const postHog = [...present].filter((name) => name.startsWith(POSTHOG_COOKIE_PREFIX)).map((name) => createCookie(name, attributes));
  const doomed = [...ANALYTICS_COOKIES.filter((cookie) => present.has(cookie.name)), ...postHog];
  return Promise.all(doomed.map((cookie) => cookie.serialize("", { secure, maxAge: 0, expires: new Date(0) })));
}

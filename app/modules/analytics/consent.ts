/**
 * Consent to analytics cookies (cookie policy section 6): until a visitor
 * accepts, no analytics cookie is set, events carry no identifier and
 * PostHog never loads. The choice itself is kept in an essential cookie for
 * 12 months so the banner does not ask again on every page.
 */
import { REFERRER_COOKIE, TRACKING_COOKIE, readCookie, serializeCookie } from "./cookies";

export const CONSENT_COOKIE = "sf_consent";
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const CONSENT_CHOICES = ["granted", "denied"] as const;
export type Consent = (typeof CONSENT_CHOICES)[number];

export function isConsent(value: unknown): value is Consent {
  return typeof value === "string" && (CONSENT_CHOICES as readonly string[]).includes(value);
}

/** The visitor's recorded choice, or null when they have not chosen yet (the banner shows). */
export function readConsent(cookieHeader: string | null | undefined): Consent | null {
  const value = readCookie(cookieHeader, CONSENT_COOKIE);
  return isConsent(value) ? value : null;
}

export function consentCookie(choice: Consent, secure: boolean): string {
  return serializeCookie(CONSENT_COOKIE, choice, { maxAgeSeconds: CONSENT_MAX_AGE_SECONDS, secure });
}

/** PostHog's own cookie names start with this (ph_<project key>_posthog). */
export const POSTHOG_COOKIE_PREFIX = "ph_";

/**
 * Set-Cookie headers that delete every analytics cookie the request carries:
 * ours (tracking id, last-click creator) and PostHog's first-party ones.
 */
export function clearAnalyticsCookies(cookieHeader: string | null | undefined, secure: boolean): string[] {
  const names = new Set<string>([TRACKING_COOKIE, REFERRER_COOKIE]);
  for (const part of (cookieHeader ?? "").split(";")) {
    const name = part.split("=")[0]?.trim();
    if (name?.startsWith(POSTHOG_COOKIE_PREFIX)) names.add(name);
  }
  return [...names].filter((name) => readCookie(cookieHeader, name) !== null).map((name) => serializeCookie(name, "", { maxAgeSeconds: 0, secure }));
}

/**
 * Consent to analytics cookies (cookie policy section 6): until a visitor
 * accepts, no analytics cookie is set, events carry no identifier and
 * PostHog never loads. The choice itself is kept in an essential cookie
 * (cookies.server.ts) so the banner does not ask again on every page.
 * Shared with the browser: no cookie handling here.
 */
export const CONSENT_CHOICES = ["granted", "denied"] as const;
export type Consent = (typeof CONSENT_CHOICES)[number];

export function isConsent(value: unknown): value is Consent {
  return typeof value === "string" && (CONSENT_CHOICES as readonly string[]).includes(value);
}

/** PostHog's own cookie names start with this (ph_<project key>_posthog). */
export const POSTHOG_COOKIE_PREFIX = "ph_";

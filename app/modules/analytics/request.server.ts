/**
 * Per-request analytics state, set by the root middleware and read by
 * loaders and actions through a router context (like the viewer): the
 * visitor's tracking id and last-click creator, and whether this request is
 * a visit at all (bots and prefetches are not).
 */
import { isbot } from "isbot";
import { createContext, type RouterContextProvider } from "react-router";
import { env } from "~/lib/env.server";
import { singleton } from "~/lib/singleton.server";
import type { EventProperties, ViewEventType } from "./event-types";
import { isCreatorId, newTrackingId, readAnalyticsCookies, readConsent, referrerCookie, setCookie, trackingIdCookie } from "./cookies.server";

export interface AnalyticsState {
  /** The visitor accepted analytics cookies (without that: no id, no attribution, no PostHog). */
  consented: boolean;
  /** The visitor's first-party id; null for bots and without consent. */
  trackingId: string | null;
  /** Minted for this request: the visitor had no (valid) cookie yet. */
  isNewTrackingId: boolean;
  /** The last-click creator, including a click made by this very request. */
  attributionCreatorId: string | null;
  /** A creator credited during this request: the middleware writes the cookie. */
  credited: string | null;
  /** A crawler or script by its user agent (or no user agent at all): never counted. */
  isBot: boolean;
  /** A person opening the page: not a bot, not a prefetch, not a HEAD request. */
  isVisit: boolean;
  /**
   * The views this request's loaders asked to record, whether or not they counted: a cached
   * page (modules/page-cache) records them again for each later request it is served to.
   */
  views: RecordedView[];
}

/** A view as a loader asked to record it (see views.server.ts). */
export interface RecordedView {
  type: ViewEventType;
  targetId: string;
  /** Whose map, spot or page it is: credited for this visitor's later conversions. */
  creatorId: string;
  properties?: EventProperties;
}

export const analyticsContext = singleton("analyticsContext", () => createContext<AnalyticsState | null>(null));

/** Prefetches (link rel=prefetch, speculation rules) announce themselves; they are not visits. */
function isPrefetch(request: Request): boolean {
  const purpose = request.headers.get("sec-purpose") ?? request.headers.get("purpose") ?? "";
  return purpose.toLowerCase().includes("prefetch");
}

/** The state for one request, from its cookies and user agent. */
export async function analyticsStateFor(request: Request): Promise<AnalyticsState> {
  const userAgent = request.headers.get("user-agent");
  const bot = !userAgent || isbot(userAgent);
  const header = request.headers.get("cookie");
  const [cookies, consent] = await Promise.all([readAnalyticsCookies(header), readConsent(header)]);
  const consented = consent === "granted";
  const identified = consented && !bot;
  return {
    consented,
    trackingId: identified ? (cookies.trackingId ?? newTrackingId()) : null,
    isNewTrackingId: identified && cookies.trackingId === null,
    attributionCreatorId: identified ? cookies.referrerCreatorId : null,
    credited: null,
    isBot: bot,
    isVisit: !bot && request.method === "GET" && !isPrefetch(request),
    views: [],
  };
}

const OUTSIDE_A_REQUEST: AnalyticsState = Object.freeze({
  consented: false,
  trackingId: null,
  isNewTrackingId: false,
  attributionCreatorId: null,
  credited: null,
  isBot: false,
  isVisit: false,
  views: [],
});

/** This request's analytics state (an inert one where the middleware did not run). */
export function getAnalytics(context: Readonly<RouterContextProvider>): AnalyticsState {
  try {
    return context.get(analyticsContext) ?? OUTSIDE_A_REQUEST;
  } catch {
    return OUTSIDE_A_REQUEST;
  }
}

/** Notes a view a loader asked for on this request's state (nowhere outside a request). */
export function noteView(context: Readonly<RouterContextProvider>, view: RecordedView): void {
  const state = getAnalytics(context);
  if (state !== OUTSIDE_A_REQUEST) state.views.push(view);
}

/**
 * Last-click attribution: this visitor just opened `creatorId`'s page, map
 * or spot, so that creator is credited from now on (in this request and,
 * through the cookie, the next 30 days), replacing any earlier one.
 */
export function creditCreator(context: Readonly<RouterContextProvider>, creatorId: string): void {
  const state = getAnalytics(context);
  if (state === OUTSIDE_A_REQUEST || !state.consented || !state.isVisit || !isCreatorId(creatorId)) return;
  state.credited = creatorId;
  state.attributionCreatorId = creatorId;
}

/** Cookies are Secure exactly when the session cookie is: served over https. */
export function secureCookies(): boolean {
  return env().PUBLIC_URL?.startsWith("https:") ?? false;
}

/** The Set-Cookie headers this request's state calls for. */
export function analyticsSetCookies(state: AnalyticsState, secure: boolean): Promise<string[]> {
  const cookies: Promise<string>[] = [];
  if (state.trackingId && state.isNewTrackingId) cookies.push(setCookie(trackingIdCookie, state.trackingId, secure));
  if (state.credited) cookies.push(setCookie(referrerCookie, state.credited, secure));
  return Promise.all(cookies);
}

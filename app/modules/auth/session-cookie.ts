/**
 * better-auth's session cookie as the app configures it: stated by the
 * cookie policy (app/modules/legal), so kept apart from the auth setup that
 * would pull better-auth into every reader of these two facts.
 */
export const AUTH_COOKIE_PREFIX = "better-auth";
/** better-auth names it `<prefix>.session_token` (`__Secure-` in front over https). */
export const SESSION_COOKIE = `${AUTH_COOKIE_PREFIX}.session_token`;
/** 400 days, rolling (spec section 9), refreshed at most once a day. */
export const SESSION_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
/** better-auth's `session.updateAge`: a session older than this is refreshed (its expiry moved on) by the next request. */
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;

/**
 * Whether a Cookie header may carry a session (any cookie named like the session token, signed or
 * not, under either prefix). Without one the visitor is anonymous, and nothing needs reading to
 * know it: the viewer middleware and the page cache's early hit decide by this one rule.
 */
export function mayCarrySession(cookieHeader: string | null): boolean {
  return cookieHeader?.includes("session_token") ?? false;
}

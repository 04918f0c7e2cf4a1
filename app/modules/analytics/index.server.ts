/**
 * The analytics room's public API on the server: what other modules may import from it (lint checks it).
 * It owns first-party events (views, sign-ups, purchases), their cookies and last-click attribution.
 */
export { OWN_COOKIES, readConsent } from "./cookies.server";
export type { CookieCategory } from "./cookies.server";
export { getAnalytics } from "./request.server";
export type { RecordedView } from "./request.server";
export { trackSocialJoined } from "./social-joined.server";
export { trackJoined, trackSaved, trackSubscribedPaid } from "./track.server";
export { recordView } from "./views.server";
export { withAnalytics } from "./middleware.server";

/**
 * The analytics room's public API (safe for the browser): what other modules may import from it (lint checks it).
 * It owns first-party events (views, sign-ups, purchases), their cookies and last-click attribution.
 */
export { VIEW_EVENT_TYPES } from "./event-types";
export { postHogConfig } from "./posthog-config";

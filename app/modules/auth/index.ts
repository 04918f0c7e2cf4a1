/**
 * The auth room's public API (safe for the browser): what other modules may import from it (lint checks it).
 * It owns who is signed in: better-auth, sessions, the viewer, admin roles, auth flows and their emails.
 */
export { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS, mayCarrySession } from "./session-cookie";
export { MESSAGES, emailField, newPasswordField, passwordsMatch } from "./validation";
export { ANONYMOUS } from "./viewer";
export type { Viewer } from "./viewer";

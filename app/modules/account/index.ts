/**
 * The account room's public API (safe for the browser): what other modules may import from it (lint checks it).
 * It owns a member's own account: profile, handle, email and password changes, sessions, deletion.
 */
export { ACCOUNT_MESSAGES, handleField } from "./validation";

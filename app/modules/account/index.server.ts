/**
 * The account room's public API on the server: what other modules may import from it (lint checks it).
 * It owns a member's own account: profile, handle, email and password changes, sessions, deletion.
 */
export { updateProfile } from "./profile.server";
export type { AccountResult } from "./profile.server";

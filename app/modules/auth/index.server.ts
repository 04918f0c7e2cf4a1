/**
 * The auth room's public API on the server: what other modules may import from it (lint checks it).
 * It owns who is signed in: better-auth, sessions, the viewer, admin roles, auth flows and their emails.
 */
export { configuredSocialProviders, getAuth } from "./auth.server";
export { sendInvitation } from "./flows.server";
export { recordPrivacyAgreement } from "./privacy-agreement.server";
export { isConfiguredAdmin } from "./roles.server";
export { authHeaders, getViewer } from "./session.server";
export { suspendedMessage, suspensionInForce } from "./suspension.server";

/**
 * The email room's public API on the server: what other modules may import from it (lint checks it).
 * It owns email: templates, the outbox and delivery.
 */
export { queueEmail, rehearse, sendEmail } from "./outbox.server";

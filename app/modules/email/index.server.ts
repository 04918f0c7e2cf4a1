/**
 * The email room's public API on the server: what other modules may import from it (lint checks it).
 * It owns email: templates, the outbox and delivery.
 */
export { queueEmail, rehearse, sendEmail } from "./outbox.server";
export { kickEmailDelivery } from "./delivery.server";
export { brandFromEnv, type RenderedEmail } from "./render.server";
export {
  bulkMessage,
  bulkStats,
  optIn,
  optOut,
  optedOutLists,
  optedOutSql,
  queueBulkEmail,
  recordOpen,
  cancelBulk,
  type BulkMessage,
  type BulkSend,
} from "./bulk.server";
export { renderCreatorPostEmail, type CreatorPostEmail } from "./templates/creator-post";
export { emailSuppression, liftSuppression, type EmailSuppression } from "./suppressions.server";

/**
 * The posts room's public API on the server: what other modules and routes may import from it (lint checks it).
 */
export { emailDuePosts, kickPostDelivery, startPostDelivery, type PostDeliveryJob } from "./post-delivery.server";
export {
  postEmailPreferences,
  setPostEmails,
  unsubscribeTarget,
  type CreatorEmailChoice,
  type PostEmailPreferences,
  type UnsubscribeTarget,
} from "./post-emails.server";

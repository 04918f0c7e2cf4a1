/**
 * The posts room's public API on the server: what other modules and routes may import from it (lint checks it).
 * It owns posts: the Studio's writes (draft, save, publish, schedule, unpublish, delete), the
 * cards of a body as a viewer may see them, the publication job that emails a post to its
 * creator's followers and supporters, posts as a viewer may read them (pages, lists, search's
 * page of hits, feeds) and the members' private feed tokens.
 */
export { cardsForBody, previewCards, previewReader } from "./post-cards.server";
export {
  appendToBody,
  changePublication,
  createDraftPost,
  deletePost,
  hasPosts,
  linkablePlace,
  linkablePlaces,
  loadEditablePost,
  savePost,
  studioPostList,
  type PublicationChange,
  type StudioPostRow,
} from "./post-editing.server";
export { removePostImages, storePostImage } from "./post-images.server";
export { emailDuePosts, kickPostDelivery, startPostDelivery, type PostDeliveryJob } from "./post-delivery.server";
export {
  postEmailPreferences,
  setPostEmails,
  unsubscribeTarget,
  type CreatorEmailChoice,
  type PostEmailPreferences,
  type UnsubscribeTarget,
} from "./post-emails.server";
export {
  CREATOR_POSTS_PAGE_SIZE,
  creatorPosts,
  findPublicPost,
  listedPostSql,
  postCardsByIds,
  postsOfCreators,
  publishedPostSql,
  readablePosts,
  type ReadablePost,
  type FoundPost,
  type PostSummary,
  type PostCreator,
  type PublicPost,
} from "./post-reads.server";
export { createFeedToken, listFeedTokens, revokeFeedToken, type FeedTokenListing, type FeedTokenResult } from "./feed-tokens.server";
export { atomFeed, FEED_LENGTH, privateFeed, publicFeed, type CreatorFeed } from "./post-feeds.server";

/**
 * Posts: what creators write to their followers and supporters. This room
 * owns the post's visibility levels, its status (draft, scheduled,
 * published) and who may read its body, decided by the one gate
 * (`modules/memberships/gating.ts`), so a post is never more open than a spot
 * of the same visibility. Browser-safe: pure decisions, no queries.
 */
export {
  POST_VISIBILITIES,
  gatePost,
  mayReadBody,
  postAccess,
  postStatus,
  type GatedPost,
  type PostForViewer,
  type PostGateFacts,
  type PostStatus,
  type PostVisibility,
} from "./post-access";
export {
  cardLinkOf,
  cardLinksIn,
  cardMarkdown,
  imageMarkdown,
  renderPostBlocks,
  splitPostBody,
  type CardLink,
  type PostBlock,
  type RenderedPostBlock,
  type PostCard,
  type PostCards,
} from "./post-body";
export { contentOf, type EditablePost, type LinkablePlace, type PostContent } from "./editable-post";
export {
  DEFAULT_POST_TITLE,
  POST_LIMITS,
  POST_MESSAGES,
  POST_STATUS_LABELS,
  POST_STATUSES,
  POST_VISIBILITY_EXPLAINED,
  postContentSchema,
  statusFilter,
} from "./post-validation";
export { formatInZone, isTimeZone, utcToZonedTime, zonedTimeToUtc } from "./post-schedule";

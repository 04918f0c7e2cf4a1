/**
 * The posts room's public API on the server: what other modules may import from it (lint checks it).
 * It owns posts: the Studio's writes (draft, save, publish, schedule, unpublish, delete) and the
 * cards of a body as a viewer may see them.
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

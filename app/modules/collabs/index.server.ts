/**
 * The collabs room's public API on the server: what other modules may import from it (lint checks it).
 * It owns paid collaborations with creators: briefs, their history, notes and private attachments.
 */
export {
  addAttachment,
  addNote,
  attachmentFile,
  briefDetail,
  briefsForAdmin,
  briefsForCreator,
  createBrief,
  moveBrief,
  removeAttachment,
  updateBrief,
  COLLAB_BUCKET,
  type BriefAttachment,
  type BriefDetail,
  type BriefEvent,
  type BriefSummary,
  type CollabFailure,
  type CollabMover,
  type CollabResult,
} from "./collabs.server";

/**
 * The page cache (ADR 0020): whole documents for anonymous visitors, and page data shared by an
 * entitlement class (issue 27), both used only at the public content version they were made at;
 * and signed-in viewers' markup kept per viewer shape (ADR 0050).
 */
export {
  clearSharedPublicData,
  mayBeCachedDocument,
  pageCache,
  pageCacheMiddleware,
  readPublicContentVersion,
  serveCachedDocument,
  sharedPublicData,
} from "./page-cache.server";
export { clearViewerMarkup, documentFromMarkup, viewerMarkupCount, keepMarkup, keptMarkup, markupRequest, viewerShape } from "./viewer-markup.server";
export { keptChunksOf, keptDocumentResponse, type KeptChunks, type KeptOrigin } from "./page-cache";

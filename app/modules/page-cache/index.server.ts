/**
 * The page cache (ADR 0020): whole documents for anonymous visitors, and page data shared by an
 * entitlement class (issue 27), both used only at the public content version they were made at.
 */
export { clearSharedPublicData, pageCache, pageCacheMiddleware, readPublicContentVersion, serveCachedDocument, sharedPublicData } from "./page-cache.server";

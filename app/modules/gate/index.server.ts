/**
 * The gate as SQL, for queries over many items: the general form (a spot, a
 * map, a creator as columns) and search's form on `spots` alone. The pure
 * decision, and the types these take, are in index.ts.
 */
export { accessSql, canSeeSql, canViewSql, creatorItem, mapItem, postItem, type GatedColumns } from "./gating-sql.server";
export { beyondPublicSpotParts, type BeyondPublicPart, listedGatedSpotSql, listedPublicSpotSql } from "./search-sql.server";
export { userMayReadSql } from "./reader-sql.server";

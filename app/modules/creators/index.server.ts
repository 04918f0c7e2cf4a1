/**
 * The creators room's public API on the server: what other modules may import from it (lint checks it).
 * It owns creators: applications, review, the public creator page, the published-creator rule, leaving.
 */
export { spotCards } from "./creator-page.server";
export { creatorSeenBySql, publishedCreatorSql } from "./published-creator.server";

/**
 * The categories room's public API on the server: what other modules may import from it (lint checks it).
 * It owns spot categories: the site-wide ones and each creator's own.
 */
export { creatorCategories, usableCategoryCount } from "./creator-categories.server";

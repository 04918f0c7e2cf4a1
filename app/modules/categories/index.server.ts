/**
 * The categories room's public API on the server: what other modules may import from it (lint checks it).
 * It owns spot categories: the site-wide ones and each creator's own, and the back office's writes to them.
 */
export { creatorCategories, usableCategoryCount } from "./creator-categories.server";
export {
  createSiteCategory,
  creatorCategoriesForAdmin,
  deleteSiteCategory,
  mergeSiteCategory,
  moveSiteCategory,
  promoteCreatorCategory,
  reorderSiteCategories,
  siteCategoriesForAdmin,
  updateSiteCategory,
  type AdminCategory,
  type CategoryResult,
  type CreatorCategory,
} from "./site-categories.server";

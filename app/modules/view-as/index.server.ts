export {
  getViewAs,
  logViewAsPage,
  readViewAs,
  startViewAs,
  stopViewAs,
  VIEW_AS_MAX_AGE_SECONDS,
  viewAsContext,
  type StartViewAsResult,
} from "./view-as.server";

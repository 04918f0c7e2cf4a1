/** The whole data model (DESIGN.md section 4). Import tables from here: `import { maps } from "#db/schema"`. */
export * from "./auth";
export * from "./profiles";
export * from "./maps";
export * from "./atlas";
export * from "./memberships";
export * from "./creators";
export * from "./studio";
export * from "./system";
export * from "./search";
export * from "./imports";
export * from "./moderation";
export { SEARCH_CONFIG, UNACCENT_FN, VISIBILITIES, type Visibility } from "./columns";
export * from "./relations";

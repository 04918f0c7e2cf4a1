/**
 * The spots room's public API on the server: what other modules may import from it (lint checks it).
 * It owns spots: as a viewer may see them (the gated relation), and the Studio's writes (editing, placement, order, photos, trash).
 */
export { editableSpotColumns, editorSpotList, toEditableSpot } from "./editable-spot.server";
export { DUPLICATE_DISTANCE_M, DUPLICATE_SIMILARITY, nearbyDuplicates } from "./spot-placement.server";
export { removePhotoFiles, trashedPhotoKeys } from "./spot-trash.server";
export { gatedSpotColumns, gatedSpotDetail, toGatedSpot, visibleSpots } from "./visible-spots.server";
export type { VisibleSpots } from "./visible-spots.server";

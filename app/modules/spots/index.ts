/**
 * The spots room's public API (safe for the browser): what other modules may import from it (lint checks it).
 * It owns spots: as a viewer may see them (the gated relation), and the Studio's writes (editing, placement, order, photos, trash).
 */
export type { Conflict, EditableSpot, EditorSpot, EditorSpotList, NearbySpot } from "./editable-spot";
export { parseEditorSpots, toEditorSpot } from "./editable-spot";
export { spotPosition } from "./gated-spot";
export type { FullSpot, GatedSpot, LockedSpot, SpotDetail, SpotOnMap } from "./gated-spot";
export { MIN_SPOTS_TO_PUBLISH, publishLabel, spotsMissingToPublish } from "./publishing-rules";
export { SPOT_NAME_MAX, SPOT_NAME_MESSAGES, spotNameSchema } from "./spot-name";
export { SPOT_LIMITS } from "./spot-schema";

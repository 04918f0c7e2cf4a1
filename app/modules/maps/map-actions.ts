/**
 * What the /studio/maps page can ask of a map: one form per button, told
 * apart by `intent`. Shared by the page's forms and its action.
 */
import { z } from "zod";

export const MAP_INTENTS = ["duplicate", "publish", "unpublish", "delete"] as const;
export type MapIntent = (typeof MAP_INTENTS)[number];

export const mapActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create") }),
  z.object({ intent: z.enum(MAP_INTENTS), mapId: z.string().trim().min(1, "Choose a map.") }),
]);
export type MapAction = z.infer<typeof mapActionSchema>;

export const UNKNOWN_ACTION = "That action is not available here.";

/**
 * The editor's rules for map settings (and the spot name's messages, for callers that show both), shared by the browser
 * (messages before a round trip) and the route's action (enforced again).
 */
import { z } from "zod";
import { SPOT_NAME_MESSAGES } from "~/modules/spots";

export const MAP_TITLE_MAX = 120;
export const MAP_SUMMARY_MAX = 500;
export const SLUG_MIN = 3;
export const SLUG_MAX = 80;

export const EDITOR_MESSAGES = {
  titleRequired: "Give the map a title",
  titleTooLong: `The title must be at most ${MAP_TITLE_MAX} characters`,
  summaryTooLong: `The summary must be at most ${MAP_SUMMARY_MAX} characters`,
  slugFormat: `The address may use lowercase letters, digits and dashes (${SLUG_MIN} to ${SLUG_MAX} characters)`,
  slugTaken: "Another map already uses this address",
  cityUnknown: "Choose the destination from the list",
  categoryUnknown: "Choose categories from the list",
  ...SPOT_NAME_MESSAGES,
} as const;

/** Lowercase words joined by single dashes, as slugify() makes them. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((s) => (s === "" ? null : s));

export const mapSettingsSchema = z.object({
  title: z.string({ error: EDITOR_MESSAGES.titleRequired }).trim().min(1, EDITOR_MESSAGES.titleRequired).max(MAP_TITLE_MAX, EDITOR_MESSAGES.titleTooLong),
  summary: optionalText(MAP_SUMMARY_MAX, EDITOR_MESSAGES.summaryTooLong).default(null),
  slug: z
    .string({ error: EDITOR_MESSAGES.slugFormat })
    .trim()
    .toLowerCase()
    .min(SLUG_MIN, EDITOR_MESSAGES.slugFormat)
    .max(SLUG_MAX, EDITOR_MESSAGES.slugFormat)
    .regex(SLUG_PATTERN, EDITOR_MESSAGES.slugFormat),
  cityId: z
    .union([z.literal(""), z.coerce.number().int().positive()], { error: EDITOR_MESSAGES.cityUnknown })
    .transform((v) => (v === "" ? null : v))
    .default(null),
  categoryIds: z
    .array(z.uuid({ error: EDITOR_MESSAGES.categoryUnknown }))
    .max(20, EDITOR_MESSAGES.categoryUnknown)
    .default([]),
});
export type MapSettingsInput = z.output<typeof mapSettingsSchema>;

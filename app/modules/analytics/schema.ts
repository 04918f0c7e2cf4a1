/**
 * Validation of analytics events (zod): the type allow-lists and the size
 * limits on properties. Shared by the server's trackEvent and the
 * /api/events endpoint.
 */
import { z } from "zod";
import {
  CLIENT_EVENT_TYPES,
  EVENT_TYPES,
  MAX_PROPERTIES_BYTES,
  MAX_PROPERTY_KEYS,
  MAX_PROPERTY_KEY_LENGTH,
  MAX_PROPERTY_STRING_LENGTH,
  TARGET_TYPES,
  type EventProperties,
} from "./event-types";

const propertyKey = z.string().regex(new RegExp(`^[a-z][a-z0-9_]{0,${MAX_PROPERTY_KEY_LENGTH - 1}}$`), {
  error: `Property names are snake_case, at most ${MAX_PROPERTY_KEY_LENGTH} characters`,
});

const propertyValue = z.union([z.string().max(MAX_PROPERTY_STRING_LENGTH), z.number(), z.boolean(), z.null()], {
  error: `Property values are strings (at most ${MAX_PROPERTY_STRING_LENGTH} characters), numbers, booleans or null`,
});

export const propertiesSchema = z
  .record(propertyKey, propertyValue)
  .refine((p) => Object.keys(p).length <= MAX_PROPERTY_KEYS, { error: `At most ${MAX_PROPERTY_KEYS} properties` })
  .refine((p) => new TextEncoder().encode(JSON.stringify(p)).length <= MAX_PROPERTIES_BYTES, {
    error: `Properties are limited to ${MAX_PROPERTIES_BYTES} bytes`,
  }) as z.ZodType<EventProperties>;

const id = z.string().min(1).max(64);

/** What trackEvent accepts (the server fills the ids). */
export const trackInputSchema = z.object({
  type: z.enum(EVENT_TYPES, { error: "Unknown event type" }),
  userId: id.nullish(),
  anonymousId: id.nullish(),
  targetType: z.enum(TARGET_TYPES).nullish(),
  targetId: id.nullish(),
  attributionCreatorId: id.nullish(),
  properties: propertiesSchema.optional(),
});
export type TrackInput = z.input<typeof trackInputSchema>;

/** What a browser may send to POST /api/events. */
export const clientEventSchema = z.object({
  type: z.enum(CLIENT_EVENT_TYPES, { error: `Unknown event type: send one of ${CLIENT_EVENT_TYPES.join(", ")}` }),
  properties: propertiesSchema.optional(),
});
export type ClientEvent = z.infer<typeof clientEventSchema>;

/** The first issue as one readable line ("properties.tier: ..."). */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid event";
  const path = issue.path.map(String).join(".");
  return path ? `${path}: ${issue.message}` : issue.message;
}

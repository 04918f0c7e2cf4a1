/**
 * The analytics events we record (first-party `events` table), shared by the
 * server and the browser. Anything else is refused.
 */
export const EVENT_TYPES = [
  "joined",
  "pricing_dialog_closed",
  "subscribed_paid",
  "map_viewed",
  "spot_viewed",
  "creator_viewed",
  "post_viewed",
  // A save that added a bookmark (not one already there): when a member first bookmarked an item,
  // which the Premium pool's points read (modules/money) even after the bookmark is removed.
  "map_saved",
  "spot_saved",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * What a browser may report through POST /api/events. Sign-ups, payments and
 * views are recorded by the server where they happen, so a page can never
 * forge them (they feed creator stats and attribution).
 */
export const CLIENT_EVENT_TYPES = ["pricing_dialog_closed"] as const satisfies readonly EventType[];
export type ClientEventType = (typeof CLIENT_EVENT_TYPES)[number];

export const VIEW_EVENT_TYPES = ["map_viewed", "spot_viewed", "creator_viewed", "post_viewed"] as const satisfies readonly EventType[];
export type ViewEventType = (typeof VIEW_EVENT_TYPES)[number];

/** The conversions of the spec (joined, pricing dialog closed, paid): they carry is_authenticated and go to PostHog too. */
export const CONVERSION_EVENT_TYPES = ["joined", "pricing_dialog_closed", "subscribed_paid"] as const satisfies readonly EventType[];

export const TARGET_TYPES = ["map", "spot", "creator", "post"] as const;
export type TargetType = (typeof TARGET_TYPES)[number];

/** Properties: one flat object of short scalar values. */
export type EventPropertyValue = string | number | boolean | null;
export type EventProperties = Record<string, EventPropertyValue>;

export const MAX_PROPERTY_KEYS = 16;
export const MAX_PROPERTY_KEY_LENGTH = 40;
export const MAX_PROPERTY_STRING_LENGTH = 200;
/** The whole object, serialised as JSON. */
export const MAX_PROPERTIES_BYTES = 1024;

export function isConversion(type: EventType): boolean {
  return (CONVERSION_EVENT_TYPES as readonly string[]).includes(type);
}

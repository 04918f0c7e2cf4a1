/**
 * Ids as they arrive from URLs and forms. Our rows are keyed by UUIDs; anything
 * else would be a database error (invalid input syntax for type uuid), so a
 * malformed id is simply "not found" wherever it is looked up.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}

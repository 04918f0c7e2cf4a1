/**
 * How a list links to its spots by one path segment (/atlas/spots/{ref},
 * /explore/{ref}): the readable slug, unless two spots of the list share it
 * (slugs are unique only within a map), then the spot's id.
 */
export function spotRefs<T extends { id: string; slug: string }>(spots: T[]): Map<string, string> {
  const seen = new Map<string, number>();
  for (const s of spots) seen.set(s.slug, (seen.get(s.slug) ?? 0) + 1);
  return new Map(spots.map((s) => [s.id, (seen.get(s.slug) ?? 0) > 1 ? s.id : s.slug]));
}

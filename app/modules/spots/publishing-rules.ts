/** A map is published only with at least this many published spots (spec section 9; Creator Terms). */
export const MIN_SPOTS_TO_PUBLISH = 30;

/** How many more published spots a map needs before it may be published (0 when it may). */
export function spotsMissingToPublish(publishedSpots: number): number {
  return Math.max(0, MIN_SPOTS_TO_PUBLISH - publishedSpots);
}

/** The Publish button's label: "Publish", or what is missing ("Add 7 more spots to publish"). */
export function publishLabel(publishedSpots: number): string {
  const missing = spotsMissingToPublish(publishedSpots);
  if (missing === 0) return "Publish";
  return `Add ${missing} more ${missing === 1 ? "spot" : "spots"} to publish`;
}

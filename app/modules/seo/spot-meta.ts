/** A spot's meta tags; a locked spot's say no more than its teaser. Shared by every page that shows a spot. */
import { pageMeta } from "./page-meta";
import type { SpotPage } from "~/modules/maps/index.server";
import { ldScript, spotPlace } from "./structured-data";

export function spotMeta({ spot, map }: Pick<SpotPage, "spot" | "map">, canonical: string) {
  const description = spot.locked ? `${spot.name}, a spot on ${map.title}.` : (spot.summary ?? `${spot.name}, a spot on ${map.title}.`);
  const image = !spot.locked ? spot.coverImageUrl : null;
  return [
    ...pageMeta({ title: `${spot.name} · ${map.title}`, ogTitle: spot.name, description, canonical, type: "place", image }),
    ...(spot.locked || !map.isPublished ? [{ name: "robots", content: "noindex" }] : [ldScript(spotPlace(spot, canonical))]),
  ];
}

/**
 * The meta tags every public page of a thing (map, spot, article, list,
 * destination) carries: title, description, canonical URL, Open Graph and the
 * Twitter card, which is large only when there is an image to show.
 */
export interface PageMetaInput {
  title: string;
  /** Open Graph title when it differs from the document title (a spot: its name without the map's). */
  ogTitle?: string;
  description: string;
  canonical: string;
  type: "website" | "article" | "place" | "profile";
  image?: string | null;
}

export function pageMeta({ title, ogTitle, description, canonical, type, image }: PageMetaInput) {
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:title", content: ogTitle ?? title },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:url", content: canonical },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
  ];
}

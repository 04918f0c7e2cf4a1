/**
 * The label shown for an article's type. Types are free text chosen by
 * editors (the URL uses them as is, e.g. /discover/guides/...); the known
 * ones read as a singular noun on a card.
 */
const LABELS: Record<string, string> = { guides: "Guide", stories: "Story", collections: "Collection", lists: "List", interviews: "Interview" };

/** The types the back office offers (the URL segment, /discover/{type}/…). */
export const ARTICLE_TYPES = ["guides", "stories", "collections", "lists", "interviews"] as const;
export type ArticleType = (typeof ARTICLE_TYPES)[number];

export function articleTypeLabel(type: string): string {
  const known = LABELS[type.toLowerCase()];
  if (known) return known;
  const words = type.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

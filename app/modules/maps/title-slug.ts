/**
 * A map's address follows its title until the map is first published: "Untitled map" becomes
 * "tapas-in-lisbon" as the title is typed, so a new map is never stuck at `untitled-map`. A slug
 * "follows" a title when it is the title's slug, or that with a number (`-2`) because another
 * map had it; a slug the creator typed themselves does not, and stays. Once published, the
 * address changes only when the creator changes it (the old one redirects). Browser-safe: the
 * settings panel shows the new address as the title is typed, and the server decides the same way.
 */
import { isUuid } from "~/lib/ids";
import { slugify } from "~/lib/slug";
import { SLUG_MAX, SLUG_MIN } from "./map-settings-validation";

/** The slug a title makes: within the slug's length rules, never a UUID (`/maps/{ref}` reads those as ids). */
export function titleSlug(title: string): string {
  // Room for a "-NN" a taken slug gets.
  let base = slugify(title, "map")
    .slice(0, SLUG_MAX - 4)
    .replace(/-+$/, "");
  if (base.length < SLUG_MIN) base = `${base || "my"}-map`;
  return isUuid(base) ? `map-${base}`.slice(0, SLUG_MAX - 4) : base;
}

/** Whether `slug` is the one `title` makes, or that one numbered because it was taken. */
export function slugFollowsTitle(slug: string, title: string): boolean {
  const base = titleSlug(title);
  return slug === base || (slug.startsWith(`${base}-`) && /^\d+$/.test(slug.slice(base.length + 1)));
}

/**
 * The slug after the title changed from `before` to `after`: it follows the title while the map was
 * never published and the slug followed the old title; otherwise it stays.
 */
export function followingSlug(slug: string, before: string, after: string, everPublished: boolean): string {
  if (everPublished || !slugFollowsTitle(slug, before)) return slug;
  return slugFollowsTitle(slug, after) ? slug : titleSlug(after);
}

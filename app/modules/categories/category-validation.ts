/**
 * The back office's category form: its rules, shared by the browser (Conform) and the action, and
 * the words it shows. Browser-safe.
 */
import { z } from "zod";
import { isPinIcon } from "./pin-style";

export const CATEGORY_LIMITS = { name: 60, slug: 60 } as const;

export const CATEGORY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `#RRGGBB` or `#RGB`, any case (what people type); stored as `#RRGGBB` in capitals. */
const HEX_COLOUR = /^#?(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export const CATEGORY_MESSAGES = {
  nameRequired: "Give the category a name",
  nameTooLong: `The name must be at most ${CATEGORY_LIMITS.name} characters`,
  slugFormat: `The slug may use lowercase letters, digits and dashes (at most ${CATEGORY_LIMITS.slug} characters), e.g. street-food`,
  slugTaken: "Another category already has this slug: choose another",
  icon: "Choose an icon from the list",
  colour: "This is not a colour: write it as # and six hex digits, e.g. #D9480F",
  notFound: "This category no longer exists",
  notSite: "Only the site's own categories can be changed here",
  moveToRequired: "This category is in use: choose the category its spots go to",
  moveToSame: "Choose another category than the one you are deleting",
  moveToMissing: "Choose one of the site's other categories",
  inUse: (count: number) => `This category is in use (${count}): choose where its spots go`,
  orderChanged: "The list changed meanwhile: reload the page and try again",
  notCreators: "This category is not a creator's own",
} as const;

/** A hex colour as stored (`#RRGGBB`), or null when it is not a colour. */
export function normaliseColour(value: string): string | null {
  const v = value.trim();
  if (!HEX_COLOUR.test(v)) return null;
  const hex = v.replace(/^#/, "").toUpperCase();
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex}`;
}

/** The category's fields as the form posts them. An empty slug is made from the name. */
export const categoryFieldsSchema = z.object({
  name: z
    .string({ error: CATEGORY_MESSAGES.nameRequired })
    .trim()
    .min(1, CATEGORY_MESSAGES.nameRequired)
    .max(CATEGORY_LIMITS.name, CATEGORY_MESSAGES.nameTooLong),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(CATEGORY_LIMITS.slug, CATEGORY_MESSAGES.slugFormat)
    .refine((v) => v === "" || CATEGORY_SLUG_PATTERN.test(v), CATEGORY_MESSAGES.slugFormat)
    .default(""),
  icon: z.string({ error: CATEGORY_MESSAGES.icon }).refine(isPinIcon, CATEGORY_MESSAGES.icon),
  color: z
    .string({ error: CATEGORY_MESSAGES.colour })
    .refine((v) => normaliseColour(v) !== null, CATEGORY_MESSAGES.colour)
    .transform((v) => normaliseColour(v)!),
});

export type CategoryFields = z.output<typeof categoryFieldsSchema>;

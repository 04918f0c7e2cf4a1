/**
 * The rules of a spot's details as the Studio edits them, shared by the spot
 * panel (checked as the creator types, before anything is sent) and the
 * server (checked again; the server's answer is the one that counts).
 *
 * Values arrive as form strings (a no-JavaScript post and the autosave both
 * send a form): empty optional text is stored as NULL, and every field is
 * optional in a patch, so a save can carry only what changed. Limits are
 * what a spot's card and page can show well, with room to spare.
 */
import { z } from "zod";
import type { Visibility } from "#db/schema";
import { SPOT_NAME_MAX, SPOT_NAME_MESSAGES as EDITOR_MESSAGES, spotNameSchema } from "./spot-name";

export const SPOT_LIMITS = {
  name: SPOT_NAME_MAX,
  summary: 280,
  description: 20_000,
  address: 300,
  website: 2_000,
} as const;

/** The spot visibilities, in the order the panel offers them (the schema's list, held equal by a test). */
export const SPOT_VISIBILITIES = ["public", "premium", "supporters"] as const satisfies readonly Visibility[];

export const SPOT_MESSAGES = {
  // The same rule and words as when a spot is added in the editor.
  nameRequired: EDITOR_MESSAGES.nameRequired,
  nameTooLong: EDITOR_MESSAGES.nameTooLong,
  summaryTooLong: `The summary must be at most ${SPOT_LIMITS.summary} characters`,
  descriptionTooLong: `The description must be at most ${SPOT_LIMITS.description.toLocaleString("en")} characters`,
  addressTooLong: `The address must be at most ${SPOT_LIMITS.address} characters`,
  websiteInvalid: "Enter a web address starting with http:// or https:// (such as https://example.com)",
  categoryInvalid: "Choose a category from the list",
  visibilityInvalid: "Choose who can see this spot: everyone, Premium members or supporters",
  statusInvalid: "Choose Published or Draft",
  checkFields: "Check the highlighted fields",
} as const;

/** Optional text: trimmed, empty means none (NULL). */
function optionalText(max: number, tooLong: string) {
  return z
    .string()
    .trim()
    .max(max, tooLong)
    .transform((v) => (v === "" ? null : v));
}

const website = z
  .string()
  .trim()
  .max(SPOT_LIMITS.website, SPOT_MESSAGES.websiteInvalid)
  .refine((v) => v === "" || isWebAddress(v), SPOT_MESSAGES.websiteInvalid)
  .transform((v) => (v === "" ? null : v));

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const spotPatchSchema = z
  .object({
    name: spotNameSchema,
    summary: optionalText(SPOT_LIMITS.summary, SPOT_MESSAGES.summaryTooLong),
    description: optionalText(SPOT_LIMITS.description, SPOT_MESSAGES.descriptionTooLong),
    address: optionalText(SPOT_LIMITS.address, SPOT_MESSAGES.addressTooLong),
    website,
    // Whether the category exists is the server's check; here only its form.
    categoryId: z.union([z.literal("").transform(() => null), z.uuid({ error: SPOT_MESSAGES.categoryInvalid })], { error: SPOT_MESSAGES.categoryInvalid }),
    visibility: z.enum(SPOT_VISIBILITIES, { error: SPOT_MESSAGES.visibilityInvalid }),
    isPublished: z.enum(["true", "false"], { error: SPOT_MESSAGES.statusInvalid }).transform((v) => v === "true"),
  })
  .partial();

export type SpotPatch = z.output<typeof spotPatchSchema>;

/** The fields the panel edits, as form strings (what the autosave keeps as its value and in the local draft). */
export interface SpotForm {
  name: string;
  summary: string;
  description: string;
  address: string;
  website: string;
  categoryId: string;
  visibility: Visibility;
  isPublished: "true" | "false";
}

export function spotToForm(spot: {
  name: string;
  summary: string | null;
  description: string | null;
  address: string | null;
  website: string | null;
  categoryId: string | null;
  visibility: Visibility;
  isPublished: boolean;
}): SpotForm {
  return {
    name: spot.name,
    summary: spot.summary ?? "",
    description: spot.description ?? "",
    address: spot.address ?? "",
    website: spot.website ?? "",
    categoryId: spot.categoryId ?? "",
    visibility: spot.visibility,
    isPublished: spot.isPublished ? "true" : "false",
  };
}

/** The values a refused form post carried, over the loaded ones: text as typed, choices only when they are valid ones. */
export function formWithSubmitted(loaded: SpotForm, submitted: Record<string, string>): SpotForm {
  const form = { ...loaded };
  for (const name of ["name", "summary", "description", "address", "website", "categoryId"] as const) {
    if (typeof submitted[name] === "string") form[name] = submitted[name];
  }
  const visibility = SPOT_VISIBILITIES.find((v) => v === submitted.visibility);
  if (visibility) form.visibility = visibility;
  if (submitted.isPublished === "true" || submitted.isPublished === "false") form.isPublished = submitted.isPublished;
  return form;
}

/** Who can see a spot at each visibility: the one line the panel shows under the choice. */
export const VISIBILITY_EXPLAINED: Record<Visibility, { label: string; explanation: string }> = {
  public: { label: "Public", explanation: "Everyone can see this spot, signed in or not." },
  premium: { label: "Premium", explanation: "Premium members and supporters see the details; everyone else sees its name and a lock." },
  supporters: { label: "Supporters only", explanation: "Only your supporters see the details; everyone else sees its name and a lock." },
};

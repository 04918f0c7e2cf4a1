/**
 * A photo refusal carried through a link: a post made before JavaScript ran
 * is answered by going back to the spot's page with the reason's key in the
 * address (`?photos=notAnImage`); the page turns the key back into our words.
 * Only known keys have words, so a crafted link cannot put text of its own on
 * the page.
 */
import { PHOTO_MESSAGES } from "~/modules/images/index.server";
import { PHOTO_TEXT } from "~/modules/images";

const REFUSALS: Record<string, string> = { ...PHOTO_MESSAGES, ...PHOTO_TEXT };

/** The key of a refusal's words (an unknown refusal reads as "the upload did not finish"). */
export function refusalKey(error: string): string {
  return Object.keys(REFUSALS).find((key) => REFUSALS[key] === error) ?? "uploadFailed";
}

/** The words of a key from an address, or null when it is not one of ours. */
export function refusalText(key: string | null): string | null {
  return key && Object.hasOwn(REFUSALS, key) ? REFUSALS[key] : null;
}

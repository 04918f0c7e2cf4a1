/**
 * A category, as the two sides see it. Safe for the browser: components take
 * these types. (The creator's choices are read in creator-categories.server.ts.)
 */

/** A category as a spot shows it to anyone: its name, and the slug explore filters by. */
export interface SpotCategory {
  slug: string;
  name: string;
}

/** A category a creator may give a spot or a map in the Studio (site-wide or their own), chosen by id. */
export interface CategoryChoice {
  id: string;
  name: string;
}

export { DEFAULT_PIN, PIN_ICONS, isPinIcon, pinStyleOf, type PinIcon, type PinStyle, type StyledCategory } from "./pin-style";

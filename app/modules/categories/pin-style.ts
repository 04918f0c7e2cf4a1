/**
 * How a category's spots look on a map: a colour and an icon. A category's own colour and icon
 * win (a My Maps layer's, kept by the import: `#RRGGBB` and the My Maps icon id); a site-wide
 * category without them gets its default by slug; anything else a colour of the palette chosen
 * by its slug, so one category keeps one colour on every page. Spots without a category are the
 * brand's green with a plain pin. Pure and browser-safe: the map page's loader, its static preview
 * and the interactive map all draw from it.
 */

/**
 * The icons a pin can carry: the curated lucide icons an admin chooses from (by their lucide name;
 * "pin" is lucide's map-pin), drawn by `components/map/pin-icons.tsx`, which copies each one's
 * drawing from lucide-react (a test holds the two equal).
 */
export const PIN_ICONS = [
  "pin",
  "utensils",
  "coffee",
  "wine",
  "beer",
  "landmark",
  "camera",
  "trees",
  "store",
  "shopping-bag",
  "building",
  "bed",
  "star",
  "heart",
  "music",
  "waves",
  "mountain",
  "bike",
  "church",
  "palette",
  "ice-cream-cone",
  "croissant",
  "tent",
  "sun",
  "book-open",
  "drama",
  "ship",
  "pizza",
  "fish",
  "gift",
] as const;
export type PinIcon = (typeof PIN_ICONS)[number];

export interface PinStyle {
  /** `#RRGGBB`. */
  color: string;
  icon: PinIcon;
}

/** The brand's green (`--color-brand-600`), for spots without a category. */
export const DEFAULT_PIN: PinStyle = { color: "#157F5D", icon: "pin" };

/** The site-wide categories' defaults, by slug (an admin's colour or icon on the row wins). */
const SITE_DEFAULTS: Record<string, PinStyle> = {
  food: { color: "#D9480F", icon: "utensils" },
  coffee: { color: "#7C4A2D", icon: "coffee" },
  bars: { color: "#9C36B5", icon: "wine" },
  culture: { color: "#1971C2", icon: "landmark" },
  sights: { color: "#C92A2A", icon: "camera" },
  nature: { color: "#2B8A3E", icon: "trees" },
  markets: { color: "#E67700", icon: "store" },
  shopping: { color: "#C2255C", icon: "shopping-bag" },
  architecture: { color: "#495057", icon: "building" },
};

/** Colours for categories without one, all dark enough for a white icon. */
const PALETTE = ["#1864AB", "#A61E4D", "#5F3DC4", "#087F5B", "#B35900", "#862E9C", "#364FC7", "#2B8A3E", "#C92A2A", "#0B7285"];

/**
 * My Maps' icon ids (`icon-1577-…`) for the icons it offers most; others keep the plain pin in
 * the layer's colour. (Read from My Maps exports: 1577 a restaurant, 1534 a café, 1899 the default pin.)
 */
const MY_MAPS_ICONS: Record<string, PinIcon> = {
  "1577": "utensils",
  "1534": "coffee",
  "1517": "wine",
  "1879": "beer",
  "1602": "bed",
  "1720": "trees",
  "1636": "landmark",
  "1535": "camera",
  "1684": "shopping-bag",
  "1578": "store",
  "1502": "star",
  "1596": "heart",
  "1637": "music",
  "1521": "waves",
  "1899": "pin",
  "503": "pin",
};

const HEX = /^#[0-9A-Fa-f]{6}$/;

function iconOf(icon: string | null): PinIcon | null {
  if (!icon) return null;
  const name = icon.trim().toLowerCase();
  if (isPinIcon(name)) return name;
  return MY_MAPS_ICONS[name] ?? null;
}

function paletteColor(slug: string): string {
  let hash = 0;
  for (const c of slug) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length];
}

/** A category as stored: its slug, and its own colour and icon when it has them. */
export interface StyledCategory {
  slug: string;
  color: string | null;
  icon: string | null;
}

export function pinStyleOf(category: StyledCategory | null): PinStyle {
  if (!category) return DEFAULT_PIN;
  const site = SITE_DEFAULTS[category.slug];
  const color = category.color && HEX.test(category.color) ? category.color.toUpperCase() : (site?.color ?? paletteColor(category.slug));
  const icon = iconOf(category.icon) ?? site?.icon ?? "pin";
  return { color, icon };
}

/** Whether `name` is one of the icons a pin can carry. */
export function isPinIcon(name: string): name is PinIcon {
  return (PIN_ICONS as readonly string[]).includes(name);
}

/**
 * The icons pins carry, drawn once per page as SVG symbols (`#pin-icon-{name}`) that the static
 * preview's pins, the interactive map's pins and the category chips all `<use>`: each icon's paths
 * are in the page once, however many pins show it.
 */
import {
  Beer,
  Bed,
  Building2,
  Camera,
  Coffee,
  Heart,
  Landmark,
  MapPin,
  Music,
  ShoppingBag,
  Star,
  Store,
  Trees,
  Utensils,
  Waves,
  Wine,
  type LucideIcon,
} from "lucide-react";
import type { PinIcon } from "~/modules/categories";

const ICONS: Record<PinIcon, LucideIcon> = {
  pin: MapPin,
  utensils: Utensils,
  coffee: Coffee,
  wine: Wine,
  beer: Beer,
  landmark: Landmark,
  camera: Camera,
  trees: Trees,
  store: Store,
  "shopping-bag": ShoppingBag,
  building: Building2,
  bed: Bed,
  star: Star,
  heart: Heart,
  music: Music,
  waves: Waves,
};

export const pinIconId = (icon: PinIcon) => `pin-icon-${icon}`;

/** The symbols for `icons` (each once), in a hidden SVG: render it once on a page that shows pins. */
export function PinIconSprite({ icons }: { icons: PinIcon[] }) {
  const unique = [...new Set(icons)];
  if (unique.length === 0) return null;
  return (
    <svg aria-hidden="true" focusable="false" width="0" height="0" className="absolute" data-testid="pin-icons">
      <defs>
        {unique.map((name) => {
          const Icon = ICONS[name];
          return (
            <symbol key={name} id={pinIconId(name)} viewBox="0 0 24 24">
              <Icon size={24} />
            </symbol>
          );
        })}
      </defs>
    </svg>
  );
}

/** One icon from the sprite, as an inline SVG (a chip's, a list row's). */
export function PinIconUse({ icon, className }: { icon: PinIcon; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className={className}>
      <use href={`#${pinIconId(icon)}`} />
    </svg>
  );
}

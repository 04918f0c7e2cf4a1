import { href } from "react-router";

/** Header navigation, shared by the wide and narrow variants. */
export const NAV_ITEMS = [
  { to: href("/explore"), label: "Explore", activePrefixes: [href("/explore"), href("/maps")] },
  { to: href("/discover"), label: "Discover", activePrefixes: [href("/discover")] },
  { to: href("/atlas"), label: "My Atlas", activePrefixes: [href("/atlas")] },
] as const;

/** Explore is also highlighted on any path starting with /maps. */
export function isNavActive(pathname: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/** The header is hidden in the studio and the back office. */
export function isHeaderHidden(pathname: string): boolean {
  return /^\/(studio|admin)(\/|$)/.test(pathname);
}

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

/** The back-office area a path belongs to, as its top bar names it, or null elsewhere. */
export function backOfficeSection(pathname: string): "Creator Studio" | "Admin" | null {
  const area = pathname.match(/^\/(studio|admin)(?:\/|$)/)?.[1];
  return area === "studio" ? "Creator Studio" : area === "admin" ? "Admin" : null;
}

/** The header is hidden in the studio and the back office (their pages show the back-office bar). */
export function isHeaderHidden(pathname: string): boolean {
  return backOfficeSection(pathname) !== null;
}

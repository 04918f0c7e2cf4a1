import { href } from "react-router";

export interface LegacyTarget {
  to: string;
  /** 301 when the path has moved for good; 302 while its real home is still to be built. */
  permanent: boolean;
}

/**
 * Paths kept from the old app that have no page of their own, and where they
 * live now. Returns undefined when the path is not a legacy one.
 */
export function legacyRedirect(pathname: string): LegacyTarget | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/app/account") return moved(href("/account"));
  if (path === "/app/bookmarks") return moved(href("/atlas"));
  // The old bank details page: the Studio's payout details.
  if (path === "/studio/bank") return moved(href("/studio/payouts/details"));
  if (path === "/app") return moved(href("/"));
  // One leading slash only: "/app///evil.example" must not become "///evil.example", another site.
  if (path.startsWith("/app/")) return moved(`/${path.slice(5).replace(/^[/\\]+/, "")}`);
  return undefined;
}

const moved = (to: string): LegacyTarget => ({ to, permanent: true });

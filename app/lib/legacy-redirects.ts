import { href } from "react-router";

/**
 * Paths kept from the old app that have no page of their own, and where they
 * live now. Returns undefined when the path is not a legacy one.
 */
export function legacyRedirect(pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/app/account") return href("/account");
  if (path === "/app/bookmarks") return href("/atlas");
  // Not built yet, so not in the route table href() checks against.
  if (path === "/studio/bank") return "/studio/payouts/details";
  if (path === "/app") return href("/");
  if (path.startsWith("/app/")) return path.slice(4);
  return undefined;
}

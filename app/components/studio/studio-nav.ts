import { href } from "react-router";

/**
 * The Studio's side navigation: every Studio page that exists, in the order a
 * creator works through them. The dashboard is current only on /studio itself;
 * the others also on the pages below them (a map's editor under Maps).
 */
export const STUDIO_NAV = [
  { to: href("/studio"), label: "Dashboard", exact: true },
  { to: href("/studio/maps"), label: "Maps", exact: false },
  { to: href("/studio/posts"), label: "Posts", exact: false },
  { to: href("/studio/supporters"), label: "Supporters", exact: false },
  { to: href("/studio/collabs"), label: "Collaborations", exact: false },
  { to: href("/studio/revenue"), label: "Revenue", exact: false },
  { to: href("/studio/payouts"), label: "Payouts", exact: false },
  { to: href("/studio/profile"), label: "Profile", exact: false },
  { to: href("/studio/account-management"), label: "Account management", exact: false },
  { to: href("/studio/notices"), label: "Notices", exact: false },
  { to: href("/studio/creator-faq"), label: "Creator FAQ", exact: false },
] as const;

export function isStudioNavCurrent(pathname: string, item: { to: string; exact: boolean }): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return path === item.to || (!item.exact && path.startsWith(`${item.to}/`));
}

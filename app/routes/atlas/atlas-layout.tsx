import { href, NavLink, Outlet } from "react-router";
import { requireUser } from "~/routes/guards.server";
import type { Route } from "./+types/atlas-layout";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return null;
}

const tabs = [
  { to: href("/atlas"), label: "Overview", end: true },
  { to: href("/atlas/maps"), label: "Maps" },
  { to: href("/atlas/spots"), label: "Spots" },
  { to: href("/atlas/creators"), label: "Creators" },
  { to: href("/atlas/recent"), label: "Recent" },
];

const tab = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap ${isActive ? "bg-ink text-white" : "text-neutral-700 hover:bg-neutral-100"}`;

/** My Atlas: the signed-in user's saved maps and spots, followed creators and recent views. */
export default function AtlasLayout() {
  return (
    <>
      <div className="mx-auto max-w-7xl px-4 pt-6">
        <nav aria-label="My Atlas" className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1">
          {tabs.map((t) => (
            <NavLink key={t.to} to={t.to} end={t.end} className={tab}>
              {t.label}
            </NavLink>
          ))}
        </nav>
      </div>
      <Outlet />
    </>
  );
}

import { href, Link } from "react-router";
import { BackOfficeBar } from "~/components/layout/back-office-bar";
import { EmptyState } from "~/components/ui/empty-state";
import { dbContext } from "~/lib/db-context.server";
import { publicConfig } from "~/modules/site/public-config.server";
import { requireCreator } from "~/routes/guards.server";
import { studioOverview } from "~/modules/studio/overview.server";
import type { Route } from "./+types/studio-home";
import { creatorPath } from "~/lib/paths";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireCreator(request, context);
  const overview = await studioOverview(context.get(dbContext), viewer.profile.id);
  return { overview, handle: viewer.profile.handle, productName: publicConfig().productName };
}

export const meta: Route.MetaFunction = () => [{ title: "Creator Studio" }, { name: "robots", content: "noindex" }];

/** /studio: the creator's maps and audience at a glance. */
export default function StudioHome({ loaderData }: Route.ComponentProps) {
  const { overview, handle, productName } = loaderData;
  return (
    <>
      <BackOfficeBar productName={productName} section="Creator Studio" />
      <main className="mx-auto max-w-6xl px-4 py-10">
        <h1 className="text-3xl font-bold">Creator Studio</h1>
        {handle ? (
          <p className="mt-1 text-neutral-600">
            Your public page:{" "}
            <Link to={creatorPath(handle)} className="font-medium text-brand-700 hover:underline">
              /@{handle}
            </Link>
          </p>
        ) : null}
        <dl className="mt-8 grid max-w-xl grid-cols-3 gap-4" data-testid="studio-stats">
          <Stat label="Maps" value={overview.maps.length} />
          <Stat label="Followers" value={overview.followers} />
          <Stat label="Supporters" value={overview.supporters} />
        </dl>
        <h2 className="mt-10 mb-4 text-xl font-semibold">Your maps</h2>
        {overview.maps.length === 0 ? (
          <EmptyState title="No maps yet" description="Maps you create appear here, with their spots and whether they are published." />
        ) : (
          <ul className="divide-y divide-neutral-200 rounded-xl border border-neutral-200" data-testid="studio-maps">
            {overview.maps.map((map) => (
              <li key={map.id} className="flex items-center gap-4 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{map.title}</p>
                  <p className="text-sm text-neutral-600">
                    {map.spotCount} {map.spotCount === 1 ? "spot" : "spots"}
                  </p>
                </div>
                <span
                  className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${map.isPublished ? "bg-brand-50 text-brand-700" : "bg-neutral-100 text-neutral-700"}`}
                >
                  {map.isPublished ? "Published" : "Draft"}
                </span>
                <Link to={href("/maps/:mapId", { mapId: map.currentSlug })} className="text-sm font-medium text-brand-700 hover:underline">
                  View
                </Link>
              </li>
            ))}
          </ul>
        )}
      </main>
    </>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-neutral-200 p-4">
      <dt className="text-sm text-neutral-600">{label}</dt>
      <dd className="text-2xl font-bold">{value}</dd>
    </div>
  );
}

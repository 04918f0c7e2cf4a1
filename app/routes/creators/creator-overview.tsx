import { useRouteLoaderData } from "react-router";
import { CreatorMapGrid } from "~/components/creators/creator-lists";
import type { CreatorPageData } from "~/modules/creators/creator-page.server";

/** `/@{handle}`: the bio and the latest maps. */
export default function CreatorOverview() {
  const data = useRouteLoaderData<CreatorPageData>("routes/creators/creator-page");
  if (!data) return null;
  return (
    <div className="space-y-8">
      {data.creator.bioText ? <p className="max-w-3xl whitespace-pre-line text-lg text-neutral-800">{data.creator.bioText}</p> : null}
      <section aria-labelledby="creator-latest">
        <h2 id="creator-latest" className="mb-4 text-xl font-semibold">
          Latest maps
        </h2>
        <CreatorMapGrid maps={data.maps.slice(0, 6)} />
      </section>
    </div>
  );
}

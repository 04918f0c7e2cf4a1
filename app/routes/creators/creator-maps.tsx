import { useRouteLoaderData } from "react-router";
import { CreatorMapGrid } from "~/components/creators/creator-lists";
import type { CreatorPageData } from "~/modules/creators/creator-page.server";

/** `/@{handle}/maps`: every published map of the creator. */
export default function CreatorMaps() {
  const data = useRouteLoaderData<CreatorPageData>("routes/creators/creator-page");
  return data ? <CreatorMapGrid maps={data.maps} /> : null;
}

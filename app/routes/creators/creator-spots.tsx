import { useRouteLoaderData } from "react-router";
import { CreatorSpotList } from "~/components/creators/creator-lists";
import type { CreatorPageData } from "./creator-page";

/** `/@{handle}/spots`: the creator's spots across their maps (gated ones as teasers). */
export default function CreatorSpots() {
  const data = useRouteLoaderData<CreatorPageData>("routes/creators/creator-page");
  if (!data) return null;
  return <CreatorSpotList spots={data.spots} creatorName={data.creator.displayName ?? `@${data.creator.handle}`} />;
}

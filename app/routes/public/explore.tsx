import { ExploreView } from "~/components/explore/explore-view";
import { dbContext } from "~/lib/db-context.server";
import { siteUrl } from "~/lib/site-url.server";
import { getViewer } from "~/modules/auth/session.server";
import { exploreCategories, exploreSpots, parseExploreQuery } from "~/modules/spots/explore.server";
import { entitlementsOf } from "~/modules/gate";
import type { Route } from "./+types/explore";
import { href } from "react-router";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { query, problem } = parseExploreQuery(new URL(request.url).searchParams);
  const db = context.get(dbContext);
  const [result, categories] = await Promise.all([exploreSpots(db, entitlementsOf(getViewer(context)), query), exploreCategories(db)]);
  return {
    ...result,
    current: query.page,
    category: query.category ?? null,
    q: query.q ?? null,
    categories,
    problem,
    canonical: `${siteUrl(request)}${href("/explore")}`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  const description = "Explore every spot our creators recommend, on the map and near you.";
  return [
    { title: "Explore" },
    { name: "description", content: description },
    ...(loaderData ? [{ tagName: "link", rel: "canonical", href: loaderData.canonical }] : []),
    { property: "og:title", content: "Explore" },
    { property: "og:description", content: description },
    // Filtered and located variants are the same page for a search engine.
    ...(location.search ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
};

/** /explore: map-first view of all published spots, with categories and "near me". */
export default function Explore({ loaderData }: Route.ComponentProps) {
  return <ExploreView {...loaderData} />;
}

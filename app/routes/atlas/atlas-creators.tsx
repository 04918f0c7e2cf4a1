import { AtlasSection } from "~/components/atlas/atlas-page";
import { FollowedCreators } from "~/components/creators/followed-creators";
import { requireUser } from "~/routes/guards.server";
import type { Route } from "./+types/atlas-creators";

export function loader({ request, context }: Route.LoaderArgs) {
  return { follows: requireUser(request, context).follows };
}

export const meta: Route.MetaFunction = () => [{ title: "Creators you follow · My Atlas" }, { name: "robots", content: "noindex" }];

/** /atlas/creators: the creators the user follows, with Unfollow at hand. */
export default function AtlasCreators({ loaderData }: Route.ComponentProps) {
  return (
    <AtlasSection title="Creators you follow">
      <FollowedCreators follows={loaderData.follows} withFollowButton />
    </AtlasSection>
  );
}

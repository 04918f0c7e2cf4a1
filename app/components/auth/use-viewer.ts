import { useRouteLoaderData } from "react-router";
import { ANONYMOUS, type Viewer } from "~/modules/auth/viewer";

/** The current user's state, loaded once per request by the root (spec section 3). */
export function useViewer(): Viewer {
  const root = useRouteLoaderData("root") as { viewer?: Viewer } | undefined;
  return root?.viewer ?? ANONYMOUS;
}

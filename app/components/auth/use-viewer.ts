import { useRootData } from "~/components/layout/use-root-data";
import { ANONYMOUS, type Viewer } from "~/modules/auth/viewer";

/** The current user's state, loaded once per request by the root (spec section 3). */
export function useViewer(): Viewer {
  return useRootData()?.viewer ?? ANONYMOUS;
}

import { useRouteLoaderData } from "react-router";
// Type only: erased from the bundle, so no import circle with root.tsx at run time.
import type { loader } from "~/root";

/**
 * What the root loader gives every page (public config, viewer, consent), typed from
 * the loader itself. `undefined` only when the root loader itself failed.
 */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

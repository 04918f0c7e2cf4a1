import { useMemo } from "react";
import { useRootData } from "~/components/layout/use-root-data";
import type { Basemap } from "~/modules/basemap/basemap";

const OFFLINE: Basemap = { kind: "offline" };

/**
 * The configured basemap (public config), the same object for as long as it says the same thing: the
 * root loader's data is new after each navigation, and a map is rebuilt when its basemap changes.
 */
export function useBasemap(): Basemap {
  const configured = useRootData()?.config?.basemap;
  const key = configured ? JSON.stringify(configured) : "";
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key is the basemap's value
  return useMemo(() => configured ?? OFFLINE, [key]);
}

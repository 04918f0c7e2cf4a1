import { basemapAreaSchema } from "~/modules/basemap/area-schema";
import { cachedBasemapSvg } from "~/modules/basemap/basemap-svg.server";
import type { Route } from "./+types/map-basemap";

/**
 * GET /map-basemap.svg?area=x,y,w,h: the offline basemap of one area, the
 * backdrop of a map's static preview. The same for everyone and for the
 * life of the build's data, so browsers and caches keep it.
 */
export function loader({ request }: Route.LoaderArgs) {
  const parsed = basemapAreaSchema.safeParse(new URL(request.url).searchParams.get("area") ?? "");
  if (!parsed.success) {
    return new Response("area must be x,y,w,h: a rectangle of the world in Web Mercator units (0 to 1 across)", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(cachedBasemapSvg(parsed.data), {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "public, max-age=604800",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

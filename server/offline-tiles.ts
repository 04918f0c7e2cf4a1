/**
 * `GET|HEAD /basemap/offline/{z}/{x}/{y}.pbf`: the offline basemap's vector tiles (Natural Earth
 * land and borders, cut by modules/basemap's offlineTile), read by every interactive map that draws
 * the offline basemap, a few per view. Answered before React Router: a tile needs no session, no
 * viewer and no page. The tiles change only with the app's Natural Earth data, so browsers keep them
 * for a day.
 */
import type { Context } from "hono";
import { offlineTile } from "../app/modules/basemap/index.server";

const CACHE_CONTROL = "public, max-age=86400";
const CONTENT_TYPE = "application/vnd.mapbox-vector-tile";
const NUMBER = /^\d{1,7}$/;
const TILE_FILE = /^(\d{1,7})\.pbf$/;

export function offlineTilesEndpoint() {
  return (c: Context): Response => {
    const z = c.req.param("z") ?? "";
    const x = c.req.param("x") ?? "";
    const y = TILE_FILE.exec(c.req.param("tile") ?? "")?.[1];
    const tile = NUMBER.test(z) && NUMBER.test(x) && y !== undefined ? offlineTile(Number(z), Number(x), Number(y)) : null;
    if (!tile) {
      return new Response("No such tile of the offline basemap.", {
        status: 404,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      });
    }
    return new Response(tile, {
      headers: { "Content-Type": CONTENT_TYPE, "Cache-Control": CACHE_CONTROL, "X-Content-Type-Options": "nosniff" },
    });
  };
}

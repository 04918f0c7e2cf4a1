/**
 * The offline basemap's vector tiles, asked of the app as a map in the browser asks for them: decoded
 * with the vector-tile reader MapLibre itself uses, so a tile that MapLibre could not draw fails here.
 */
import { VectorTile } from "@mapbox/vector-tile";
import { PbfReader } from "pbf";
import { describe, expect, it } from "vitest";
import { OFFLINE_TILES_LAYER, OFFLINE_TILES_MAX_ZOOM, OFFLINE_TILES_PATH } from "../app/modules/basemap/basemap";
import { bareApp } from "../tests/setup/bare-app";

// Its database is never queried: tiles are answered before React Router.
const app = bareApp();

async function tile(z: number | string, x: number | string, y: number | string) {
  const res = await app.request(`${OFFLINE_TILES_PATH}/${z}/${x}/${y}.pbf`);
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** The tile's land as MapLibre reads it: its one layer's polygons, in tile units. */
function layerOf(bytes: Uint8Array) {
  return new VectorTile(new PbfReader(bytes)).layers[OFFLINE_TILES_LAYER];
}

/** The tile x/y at zoom z that holds a longitude and latitude (web Mercator, as MapLibre's). */
function tileAt(z: number, lng: number, lat: number) {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  return { x: Math.floor(((lng + 180) / 360) * n), y: Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n) };
}

describe("the offline basemap's tiles", () => {
  it("serve the whole world's countries at zoom 0, as polygons a browser may keep for a day", async () => {
    const { res, bytes } = await tile(0, 0, 0);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.mapbox-vector-tile");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    const layer = layerOf(bytes);
    // world-atlas's 1:50m countries: some 240, a few too small to keep at this zoom.
    expect(layer.length).toBeGreaterThan(150);
    expect(layer.extent).toBe(4096);
    for (let i = 0; i < layer.length; i++) expect(layer.feature(i).type).toBe(3); // polygons
  });

  it("put land where there is land and none in the open ocean, at the deepest zoom", async () => {
    const madrid = tileAt(OFFLINE_TILES_MAX_ZOOM, -3.7, 40.42);
    const inland = await tile(OFFLINE_TILES_MAX_ZOOM, madrid.x, madrid.y);
    expect(inland.res.status).toBe(200);
    expect(layerOf(inland.bytes).length).toBeGreaterThan(0);
    // The South Atlantic between Brazil and Africa: an empty tile, not a missing one.
    const ocean = tileAt(OFFLINE_TILES_MAX_ZOOM, -20, -30);
    const empty = await tile(OFFLINE_TILES_MAX_ZOOM, ocean.x, ocean.y);
    expect(empty.res.status).toBe(200);
    expect(layerOf(empty.bytes)).toBeUndefined();
  });

  it("keep Chukotka and Fiji whole: no country's outline runs across the world at the antimeridian", async () => {
    // A ring that jumped from +180 to -180 would cross every tile of its row at zoom 2.
    const fiji = tileAt(2, 178, -17);
    const across = tileAt(2, 0, -17); // the same row, at Greenwich: ocean and Africa
    const crossing = (bytes: Uint8Array) => {
      const layer = layerOf(bytes);
      let wide = 0;
      for (let i = 0; i < (layer?.length ?? 0); i++) {
        const box = layer!.feature(i).bbox();
        if (box[2] - box[0] > 4096) wide++;
      }
      return wide;
    };
    expect(layerOf((await tile(2, fiji.x, fiji.y)).bytes).length).toBeGreaterThan(0);
    expect(crossing((await tile(2, across.x, across.y)).bytes)).toBe(0);
  });

  it("answer 404, not 500, for what is no tile", async () => {
    for (const [z, x, y] of [
      [OFFLINE_TILES_MAX_ZOOM + 1, 0, 0],
      [2, 4, 0],
      [2, 0, 4],
      [-1, 0, 0],
      ["a", 0, 0],
      [1, "1e3", 0],
      [1, 0, "0x1"],
    ]) {
      const { res } = await tile(z, x, y);
      expect(res.status, `${z}/${x}/${y}`).toBe(404);
    }
    expect((await app.request(`${OFFLINE_TILES_PATH}/0/0/0.png`)).status).toBe(404);
  });
});

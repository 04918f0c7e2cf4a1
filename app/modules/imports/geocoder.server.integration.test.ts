/**
 * The import geocoder against a real HTTP server started here, answering as
 * Nominatim (a JSON array) or Photon (a FeatureCollection) would; and its
 * Redis cache against a real Redis (REDIS_TEST_URL, default redis://127.0.0.1:6379).
 */
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeRedis, createRedisClient } from "~/modules/rate-limit/redis-client.server";
import { waitUntilReady } from "~/modules/rate-limit/redis-store.server";
import { geocodeNotice, geocodeRows, memoryGeocodeCache, redisGeocodeCache, UNPLACED_REASONS, type GeocoderSettings } from "./geocoder.server";
import { blankRow } from "./import-fields";
import type { ImportRow } from "./import-row";

const PLACES: Record<string, [number, number]> = {
  "bar marsella": [41.378, 2.1735],
  "carrer de sant pau 65, barcelona": [41.3781, 2.1736],
  "la boqueria": [41.3817, 2.1716],
  "sagrada familia": [41.4036, 2.1744],
};

let server: Server;
let base: string;
let failing = false;
const asked: { path: string; q: string; at: number }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, "http://localhost");
    const q = url.searchParams.get("q") ?? "";
    asked.push({ path: url.pathname, q, at: Date.now() });
    if (failing) {
      res.writeHead(503).end("busy");
      return;
    }
    const hit = PLACES[q.toLowerCase()];
    res.setHeader("Content-Type", "application/json");
    if (url.pathname === "/photon") {
      const features = hit ? [{ type: "Feature", geometry: { type: "Point", coordinates: [hit[1], hit[0]] }, properties: { osm_id: 1, name: q } }] : [];
      res.end(JSON.stringify({ type: "FeatureCollection", features }));
    } else {
      res.end(JSON.stringify(hit ? [{ place_id: 1, display_name: `${q}, Barcelona`, lat: String(hit[0]), lon: String(hit[1]) }] : []));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await closeRedis();
});
beforeEach(() => {
  asked.length = 0;
  failing = false;
});

function row(name: string | null, extra: Partial<ImportRow> = {}): ImportRow {
  return { ...blankRow("Saved/Food.csv", "line 2", name ?? ""), name, ...extra };
}

const settings = (over: Partial<GeocoderSettings> = {}): GeocoderSettings => ({
  url: `${base}/search?format=json`,
  minIntervalMs: 0,
  limit: 25,
  cache: memoryGeocodeCache(),
  ...over,
});

describe("geocodeRows", () => {
  it("places rows from a Nominatim answer, asking for the address before the name, and leaves rows with coordinates alone", async () => {
    const { rows, summary } = await geocodeRows(
      [
        row("Bar Marsella"),
        row("Somewhere", { address: "Carrer de Sant Pau 65, Barcelona" }),
        row("Nowhere at all"),
        row("Has coords", { lat: 1, lng: 2 }),
        row("Bad", { invalid: "No name" }),
      ],
      settings(),
    );
    expect(rows.map((r) => [r.name, r.lat, r.lng, r.geocoded ?? false, r.unplaced ?? null])).toEqual([
      ["Bar Marsella", 41.378, 2.1735, true, null],
      ["Somewhere", 41.3781, 2.1736, true, null],
      ["Nowhere at all", null, null, false, UNPLACED_REASONS.unknown],
      ["Has coords", 1, 2, false, null],
      ["Bad", null, null, false, null],
    ]);
    expect(asked.map((a) => a.q)).toEqual(["Bar Marsella", "Carrer de Sant Pau 65, Barcelona", "Nowhere at all"]);
    expect(summary).toEqual({ configured: true, without: 3, placed: 2, unknown: 1, notAsked: 0, failed: false, limit: 25 });
    expect(geocodeNotice(summary)).toBe(
      "The geocoder placed 2 of 3 rows without coordinates. It found no place for 1. 1 row will wait in the review queue for you to place them. Check the placed rows on the map after the import.",
    );
  });

  it("reads a Photon answer too", async () => {
    const { rows } = await geocodeRows([row("La Boqueria")], settings({ url: `${base}/photon` }));
    expect(rows[0]).toMatchObject({ lat: 41.3817, lng: 2.1716, geocoded: true });
  });

  it("asks once per place: answers, and 'no such place', come from the cache afterwards", async () => {
    const cache = memoryGeocodeCache();
    await geocodeRows([row("Bar Marsella"), row("Nowhere")], settings({ cache }));
    const again = await geocodeRows([row("bar marsella"), row("Nowhere")], settings({ cache }));
    expect(asked).toHaveLength(2);
    expect(again.summary).toMatchObject({ placed: 1, unknown: 1 });
  });

  it("asks about at most `limit` rows per preview, cached ones free, and says how many were not looked up", async () => {
    const cache = memoryGeocodeCache();
    await cache.set("Sagrada Familia", { lat: 41.4036, lng: 2.1744 });
    const { rows, summary } = await geocodeRows(
      [row("Sagrada Familia"), row("Bar Marsella"), row("La Boqueria"), row("Nowhere")],
      settings({ cache, limit: 1 }),
    );
    expect(asked.map((a) => a.q)).toEqual(["Bar Marsella"]);
    expect(rows.map((r) => r.unplaced ?? null)).toEqual([null, null, UNPLACED_REASONS.notAsked, UNPLACED_REASONS.notAsked]);
    expect(summary).toMatchObject({ without: 4, placed: 2, notAsked: 2 });
    expect(geocodeNotice(summary)).toContain("2 more were not looked up: a preview asks about at most 1, one a second.");
  });

  it("keeps requests at least the configured interval apart", async () => {
    await geocodeRows([row("Bar Marsella"), row("La Boqueria"), row("Sagrada Familia")], settings({ minIntervalMs: 150 }));
    expect(asked).toHaveLength(3);
    // A lower bound only: pacing can make requests later, never sooner.
    for (let i = 1; i < asked.length; i++) expect(asked[i].at - asked[i - 1].at).toBeGreaterThanOrEqual(150);
  });

  it("stops asking a geocoder that fails, and the rows wait for a place", async () => {
    failing = true;
    const { rows, summary } = await geocodeRows([row("Bar Marsella"), row("La Boqueria")], settings());
    expect(asked).toHaveLength(1);
    expect(rows.every((r) => r.lat === null && r.unplaced === UNPLACED_REASONS.failed)).toBe(true);
    expect(geocodeNotice(summary)).toContain("It stopped answering, so 2 more were not looked up.");
  });

  it("offline: asks nobody and says so plainly", async () => {
    const { rows, summary } = await geocodeRows([row("Bar Marsella"), row("La Boqueria"), row("Pinned", { lat: 1, lng: 1 })], settings({ url: undefined }));
    expect(asked).toHaveLength(0);
    expect(rows[0].unplaced).toBe(UNPLACED_REASONS.offline);
    expect(geocodeNotice(summary)).toBe("No geocoder is configured: 2 rows without coordinates will wait in the review queue for you to place them.");
  });
});

describe("redisGeocodeCache", () => {
  it("shares answers between instances through Redis", async () => {
    const url = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";
    const prefix = `test-${randomUUID()}:`;
    await redisGeocodeCache(url, prefix).set("Bar Marsella", { lat: 41.378, lng: 2.1735 });
    await redisGeocodeCache(url, prefix).set("Nowhere", null);
    // A second instance: its own empty memory, the same Redis.
    const other = redisGeocodeCache(url, prefix, memoryGeocodeCache());
    expect(await other.get("bar marsella")).toEqual({ lat: 41.378, lng: 2.1735 });
    expect(await other.get("Nowhere")).toBeNull();
    expect(await other.get("Never asked")).toBeUndefined();
    const redis = createRedisClient(url, { warn: () => {} });
    await waitUntilReady(redis, 2_000);
    const keys = await redis.keys(`${prefix}*`);
    expect(keys.every((k) => k.startsWith(`${prefix}geocode:`))).toBe(true);
    expect(keys).toHaveLength(2);
    await redis.del(...keys);
    await redis.quit();
  });
});

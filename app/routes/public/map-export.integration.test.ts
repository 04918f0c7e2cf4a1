import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { TestVisitor } from "../../../tests/setup/visitor";
import { createCreator, createMap } from "#db/seed/factories";
import { mapSlugs } from "#db/schema";
import { loader } from "./map-export";

const db = await setupTestDatabase();

type Answer = { status: number; headers: Headers; body: string };

/** GET an export as `visitor`: the file, a redirect, or the 404 the loader throws. */
async function download(visitor: TestVisitor, mapRef: string, format: string): Promise<Answer> {
  const path = `/maps/${mapRef}/export.${format}`;
  let answer: Answer | undefined;
  await visitor.request(path, async (request, context) => {
    try {
      const response = await loader({ request, context, params: { mapId: mapRef } } as unknown as Parameters<typeof loader>[0]);
      answer = { status: response.status, headers: response.headers, body: await response.clone().text() };
      return response;
    } catch (error) {
      const status = (error as { init?: { status?: number } }).init?.status;
      if (!status) throw error;
      answer = { status, headers: new Headers(), body: "" };
      return answer;
    }
  });
  return answer!;
}

describe("GET /maps/{map}/export.{format}", () => {
  it("downloads each format as an attachment named after the map, with its media type", async () => {
    await createMap(db, { currentSlug: "lisbon-by-tram" }, { spots: 2 });
    const visitor = new TestVisitor();
    const expected = {
      gpx: "application/gpx+xml; charset=utf-8",
      kml: "application/vnd.google-earth.kml+xml; charset=utf-8",
      geojson: "application/geo+json; charset=utf-8",
    };
    for (const [format, type] of Object.entries(expected)) {
      const answer = await download(visitor, "lisbon-by-tram", format);
      expect(answer.status).toBe(200);
      expect(answer.headers.get("Content-Type")).toBe(type);
      expect(answer.headers.get("Content-Disposition")).toBe(`attachment; filename="lisbon-by-tram.${format}"`);
      // Every spot public and published: every viewer gets these bytes.
      expect(answer.headers.get("Cache-Control")).toBe("public, max-age=300");
      expect(answer.body).toContain("Spot 2 of");
    }
  });

  it("is private to the viewer when the map has gated spots, and leaves them out for an anonymous visitor", async () => {
    const { profile: creator } = await createCreator(db);
    await createMap(
      db,
      { currentSlug: "gated-map" },
      { ownerId: creator.id, spots: 2, spotOverrides: (p) => (p === 1 ? { visibility: "premium", name: "Hidden gem", address: "SECRET ADDRESS" } : {}) },
    );
    const anonymous = await download(new TestVisitor(), "gated-map", "geojson");
    expect(anonymous.headers.get("Cache-Control")).toBe("private, no-store");
    expect(JSON.parse(anonymous.body).features).toHaveLength(1);
    expect(anonymous.body).not.toContain("Hidden gem");
    expect(anonymous.body).not.toContain("SECRET ADDRESS");

    const owner = new TestVisitor();
    await owner.signIn(db, creator.id);
    const own = await download(owner, "gated-map", "geojson");
    expect(own.headers.get("Cache-Control")).toBe("private, no-store");
    expect(own.body).toContain("SECRET ADDRESS");
  });

  it("redirects an old address to the current slug's file, and answers 404 for a hidden map or an unknown format", async () => {
    const { map } = await createMap(db, { currentSlug: "porto-now" }, { spots: 1 });
    await db.insert(mapSlugs).values({ slug: "porto-then", mapId: map.id });
    const moved = await download(new TestVisitor(), "porto-then", "kml");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/maps/porto-now/export.kml");

    await createMap(db, { currentSlug: "draft-map", isPublished: false, publishedAt: null }, { spots: 1 });
    expect((await download(new TestVisitor(), "draft-map", "gpx")).status).toBe(404);
    expect((await download(new TestVisitor(), "porto-now", "pdf")).status).toBe(404);
  });
});

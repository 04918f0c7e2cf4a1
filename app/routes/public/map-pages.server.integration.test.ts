import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { getTestDb, resetTestDb } from "../../../tests/setup/database";
import { createMap } from "#db/seed/factories";
import { dbContext } from "~/lib/db-context.server";
import { viewerContext } from "~/modules/auth/session.server";
import { ANONYMOUS } from "~/modules/auth/viewer.server";
import { mapPageForRoute, spotPageForRoute } from "./map-pages.server";

async function thrown(run: () => Promise<unknown>): Promise<Response> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a redirect");
}

describe("old map addresses", () => {
  let context: RouterContextProvider;
  beforeEach(async () => {
    const db = await getTestDb();
    await resetTestDb(db);
    context = new RouterContextProvider();
    context.set(dbContext, db);
    context.set(viewerContext, ANONYMOUS);
  });

  it("redirect permanently to the map's current slug, keeping the visitor's query", async () => {
    const { map } = await createMap(await getTestDb(), { currentSlug: "lisbon-by-tram" }, { spots: 1 });
    const request = new Request(`http://localhost/maps/${map.id}?ref=newsletter&_routes=x`);
    const response = await thrown(() => mapPageForRoute(request, context, map.id));
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/maps/lisbon-by-tram?ref=newsletter");
  });

  it("keep the spot and the part of the site (public or My Atlas) they were asked for", async () => {
    const { map } = await createMap(await getTestDb(), { currentSlug: "lisbon-by-tram" }, { spots: 1 });
    const publicSpot = await thrown(() => spotPageForRoute(new Request(`http://localhost/maps/${map.id}/spots/spot-1`), context, map.id, "spot-1"));
    expect(publicSpot.headers.get("Location")).toBe("/maps/lisbon-by-tram/spots/spot-1");
    const atlasSpot = await thrown(() =>
      spotPageForRoute(new Request(`http://localhost/atlas/maps/${map.id}/spots/spot-1`), context, map.id, "spot-1", "/atlas/maps"),
    );
    expect(atlasSpot.headers.get("Location")).toBe("/atlas/maps/lisbon-by-tram/spots/spot-1");
    const atlasMap = await thrown(() => mapPageForRoute(new Request(`http://localhost/atlas/maps/${map.id}`), context, map.id, "/atlas/maps"));
    expect(atlasMap.headers.get("Location")).toBe("/atlas/maps/lisbon-by-tram");
  });
});

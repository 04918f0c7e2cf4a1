import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { createMap, createProfile } from "#db/seed/factories";
import { mapSlugs } from "#db/schema";
import { dbContext } from "~/lib/db-context.server";
import { viewerContext } from "~/modules/auth/session.server";
import { ANONYMOUS, loadViewer, type Viewer } from "~/modules/auth/viewer.server";
import { mapPageForRoute, spotPageForRoute } from "./map-pages.server";

const db = await setupTestDatabase();

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
    context = new RouterContextProvider();
    context.set(dbContext, db);
    context.set(viewerContext, ANONYMOUS);
  });

  it("redirect permanently to the map's current slug, keeping the visitor's query", async () => {
    const { map } = await createMap(db, { currentSlug: "lisbon-by-tram" }, { spots: 1 });
    const request = new Request(`http://localhost/maps/${map.id}?ref=newsletter&_routes=x`);
    const response = await thrown(() => mapPageForRoute(request, context, map.id));
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/maps/lisbon-by-tram?ref=newsletter");
  });

  it("keep the spot and the part of the site (public or My Atlas) they were asked for", async () => {
    const { map } = await createMap(db, { currentSlug: "lisbon-by-tram" }, { spots: 1 });
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

/** What a loader answered: a thrown redirect, a thrown `data()` error (404), or a page. */
async function outcome(run: () => Promise<unknown>): Promise<{ status: number; location: string | null }> {
  try {
    await run();
    return { status: 200, location: null };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, location: error.headers.get("Location") };
    const status = (error as { init?: { status?: number } }).init?.status;
    if (status) return { status, location: null };
    throw error;
  }
}

describe("an unpublished map", () => {
  let context: RouterContextProvider;
  const as = async (viewer: Viewer) => context.set(viewerContext, viewer);
  const signedIn = async (userId: string) => loadViewer(db, { id: userId, email: `${userId}@example.com`, emailVerified: true, name: userId });

  beforeEach(async () => {
    context = new RouterContextProvider();
    context.set(dbContext, db);
  });

  async function hiddenMap() {
    const { map } = await createMap(db, { currentSlug: "secret-plans", isPublished: false, publishedAt: null }, { spots: 1 });
    await db.insert(mapSlugs).values({ slug: "old-secret", mapId: map.id });
    return map;
  }

  /** Every address of the map and of its spot, publicly and in My Atlas. */
  function everyAddress(mapId: string) {
    const refs = [mapId, "old-secret", "secret-plans"];
    return refs.flatMap((ref) =>
      (["/maps", "/atlas/maps"] as const).flatMap((base) => [
        { url: `${base}/${ref}`, load: (r: Request) => mapPageForRoute(r, context, ref, base) },
        { url: `${base}/${ref}/spots/spot-1`, load: (r: Request) => spotPageForRoute(r, context, ref, "spot-1", base) },
      ]),
    );
  }

  it("is a 404 at every address, never a redirect that names its slug, for anonymous visitors and other members", async () => {
    const map = await hiddenMap();
    const member = await createProfile(db);
    for (const viewer of [ANONYMOUS, await signedIn(member.user.id)]) {
      await as(viewer);
      for (const { url, load } of everyAddress(map.id)) {
        expect({ url, ...(await outcome(() => load(new Request(`http://localhost${url}`)))) }).toEqual({ url, status: 404, location: null });
      }
    }
  });

  it("still redirects its owner and admins to the current slug and opens there", async () => {
    const map = await hiddenMap();
    const admin = await createProfile(db, { isAdmin: true });
    for (const viewer of [await signedIn(map.ownerId), await signedIn(admin.user.id)]) {
      await as(viewer);
      const byId = await thrown(() => mapPageForRoute(new Request(`http://localhost/maps/${map.id}`), context, map.id));
      expect(byId.status).toBe(301);
      expect(byId.headers.get("Location")).toBe("/maps/secret-plans");
      const oldSpot = await thrown(() =>
        spotPageForRoute(new Request("http://localhost/atlas/maps/old-secret/spots/spot-1"), context, "old-secret", "spot-1", "/atlas/maps"),
      );
      expect(oldSpot.headers.get("Location")).toBe("/atlas/maps/secret-plans/spots/spot-1");
      const page = await mapPageForRoute(new Request("http://localhost/maps/secret-plans"), context, "secret-plans");
      expect(page.map.id).toBe(map.id);
    }
  });
});

import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { createCategory, createCreator, createMap } from "#db/seed/factories";
import { NO_ENTITLEMENTS, type Entitlements } from "~/modules/gate";
import { EXPORT_FORMATS } from "./formats";
import { exportMap, mapGeoJson } from "./map-export.server";

const db = await setupTestDatabase();

const site = "https://spotfolio.test";

const SECRET_PHOTO = {
  id: "p1",
  src: "/uploads/spot-photos/aa/secretphoto-800.webp",
  srcset: "/uploads/spot-photos/aa/secretphoto-400.webp 400w",
  alt: "SECRETALT",
  width: 800,
  height: 600,
  keys: ["aa/secretphoto-800.webp"],
};

// Every gated value of the premium, supporters-only and draft spots: none may reach a viewer who may not open them.
const PREMIUM_SECRETS = [
  "Premium Bodega",
  "SECRETPREMIUMSUMMARY",
  "SECRETPREMIUMNOTE",
  "SECRETPREMIUMADDRESS",
  "secret-premium.example",
  "41.387654",
  "2.168765",
];
const SUPPORTER_SECRETS = ["Supporters Cellar", "SECRETSUPPORTERNOTE", "secretphoto", "41.391234", "2.171234"];
const DRAFT_SECRETS = ["Draft Corner", "SECRETDRAFTNOTE"];

const member = (overrides: Partial<Entitlements> = {}): Entitlements => ({
  userId: "someone",
  isAdmin: false,
  hasActiveSubscription: false,
  supportedCreatorIds: [],
  ...overrides,
});

/** A map of four spots: public, premium, supporters-only and a draft, each with its secrets. */
async function world() {
  const { profile: creator } = await createCreator(db, { handle: "lucia" });
  const food = await createCategory(db, { name: "Food & drink" });
  const { map } = await createMap(
    db,
    { title: "Barcelona vermut", currentSlug: "barcelona-vermut" },
    {
      ownerId: creator.id,
      spots: 4,
      spotOverrides: (p) =>
        [
          { name: "Public Bar", categoryId: food.id, website: "https://public-bar.example/", lat: 41.381234567, lng: 2.161234567 },
          {
            name: "Premium Bodega",
            visibility: "premium" as const,
            summary: "SECRETPREMIUMSUMMARY",
            description: "SECRETPREMIUMNOTE",
            address: "SECRETPREMIUMADDRESS",
            website: "https://secret-premium.example/",
            lat: 41.387654,
            lng: 2.168765,
          },
          {
            name: "Supporters Cellar",
            visibility: "supporters" as const,
            description: "SECRETSUPPORTERNOTE",
            photos: [SECRET_PHOTO],
            lat: 41.391234,
            lng: 2.171234,
          },
          { name: "Draft Corner", isPublished: false, description: "SECRETDRAFTNOTE" },
        ][p],
    },
  );
  return { db, creator, map };
}

async function exportedBytes(viewer: Entitlements, ref = "barcelona-vermut"): Promise<string[]> {
  const bodies: string[] = [];
  for (const format of EXPORT_FORMATS) {
    const result = await exportMap(db, ref, viewer, format, site);
    if (!result.ok || !("file" in result)) throw new Error(`no ${format} file`);
    bodies.push(result.file.body);
  }
  return bodies;
}

describe("map exports", () => {
  it("give an anonymous visitor the public spots only, with no trace of the gated ones in any format", async () => {
    const { db, map } = await world();
    const result = await mapGeoJson(db, map.id, NO_ENTITLEMENTS, site);
    expect(result?.collection.features.map((f) => f.properties.name)).toEqual(["Public Bar"]);
    expect(result?.collection.features[0]).toMatchObject({
      geometry: { coordinates: [2.161235, 41.381235] },
      properties: {
        order: 1,
        category: "Food & drink",
        website: "https://public-bar.example/",
        address: "Carrer de Test 1, Barcelona",
        note: "Spot number 1.\n\nA longer description of spot 1.",
        url: `${site}/maps/barcelona-vermut/spots/spot-1`,
      },
    });
    expect(result?.sameForEveryone).toBe(false);
    for (const body of await exportedBytes(NO_ENTITLEMENTS))
      for (const secret of [...PREMIUM_SECRETS, ...SUPPORTER_SECRETS, ...DRAFT_SECRETS]) expect(body).not.toContain(secret);
  });

  it("give a Premium member the premium spots too, but not the supporters-only one", async () => {
    const { db, map } = await world();
    const premium = member({ hasActiveSubscription: true });
    const result = await mapGeoJson(db, map.id, premium, site);
    expect(result?.collection.features.map((f) => f.properties.name)).toEqual(["Public Bar", "Premium Bodega"]);
    expect(result?.collection.features[1].properties.address).toBe("SECRETPREMIUMADDRESS");
    for (const body of await exportedBytes(premium)) {
      expect(body).toContain("SECRETPREMIUMNOTE");
      for (const secret of [...SUPPORTER_SECRETS, ...DRAFT_SECRETS]) expect(body).not.toContain(secret);
    }
  });

  it("give a supporter of the creator every published spot with photos as links, and a supporter of someone else not the supporters-only one", async () => {
    const { db, map, creator } = await world();
    // An active supporter of anyone counts as Premium (gating.ts), so supporters have both.
    const supporter = member({ hasActiveSubscription: true, supportedCreatorIds: [creator.id] });
    const result = await mapGeoJson(db, map.id, supporter, site);
    expect(result?.collection.features.map((f) => f.properties.name)).toEqual(["Public Bar", "Premium Bodega", "Supporters Cellar"]);
    expect(result?.collection.features[2].properties.photos).toEqual([`${site}/uploads/spot-photos/aa/secretphoto-800.webp`]);
    for (const body of await exportedBytes(supporter)) {
      expect(body).toContain("SECRETSUPPORTERNOTE");
      for (const secret of DRAFT_SECRETS) expect(body).not.toContain(secret);
    }
    const otherSupporter = member({ hasActiveSubscription: true, supportedCreatorIds: ["another-creator"] });
    for (const body of await exportedBytes(otherSupporter)) for (const secret of [...SUPPORTER_SECRETS, ...DRAFT_SECRETS]) expect(body).not.toContain(secret);
  });

  it("give the owner and admins every spot, drafts included and marked, in the creator's order", async () => {
    const { db, map, creator } = await world();
    for (const viewer of [member({ userId: creator.id }), member({ isAdmin: true })]) {
      const result = await mapGeoJson(db, map.id, viewer, site);
      expect(result?.collection.features.map((f) => [f.properties.name, f.properties.order, f.properties.draft])).toEqual([
        ["Public Bar", 1, undefined],
        ["Premium Bodega", 2, undefined],
        ["Supporters Cellar", 3, undefined],
        ["Draft Corner", 4, true],
      ]);
      for (const body of await exportedBytes(viewer))
        for (const secret of ["SECRETPREMIUMNOTE", "SECRETSUPPORTERNOTE", "SECRETDRAFTNOTE"]) expect(body).toContain(secret);
    }
  });

  it("is the same file for everyone only for a published map of public, published spots", async () => {
    const { map } = await createMap(db, {}, { spots: 2 });
    expect((await mapGeoJson(db, map.id, NO_ENTITLEMENTS, site))?.sameForEveryone).toBe(true);
    const gated = await world();
    expect((await mapGeoJson(db, gated.map.id, member({ userId: gated.creator.id }), site))?.sameForEveryone).toBe(false);
  });

  it("does not find an unpublished map for anyone but its owner, and names files after the current slug", async () => {
    const { map, spots } = await createMap(db, { currentSlug: "secret-plans", isPublished: false, publishedAt: null }, { spots: 1 });
    expect(await exportMap(db, map.id, NO_ENTITLEMENTS, "gpx", site)).toEqual({ ok: false, status: 404, error: "Map not found" });
    expect(await exportMap(db, "secret-plans", member({ hasActiveSubscription: true }), "kml", site)).toMatchObject({ ok: false, status: 404 });
    const owner = await exportMap(db, "secret-plans", member({ userId: map.ownerId }), "kml", site);
    expect(owner).toMatchObject({ ok: true, file: { filename: "secret-plans.kml", contentType: "application/vnd.google-earth.kml+xml; charset=utf-8" } });
    expect(owner.ok && "file" in owner && owner.file.body).toContain(spots[0].name);
    expect(await exportMap(db, map.id, member({ userId: map.ownerId }), "gpx", site)).toEqual({ ok: true, movedTo: "secret-plans" });
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { createCategory, createCreator, createMap } from "#db/seed/factories";
import { mapSlugs, maps } from "#db/schema";
import { NO_ENTITLEMENTS, type Entitlements } from "~/modules/gate";
import { cardMarkdown } from "./post-body";
import { cardsForBody } from "./post-cards.server";

const db = await setupTestDatabase();

const SECRET = "Take the path behind the chapel";

async function world() {
  const { profile: creator } = await createCreator(db, { displayName: "Giulia" });
  const category = await createCategory(db, { name: "Beaches" });
  const { map, spots } = await createMap(
    db,
    { ownerId: creator.id, title: "Coves of Sardinia", currentSlug: "coves-of-sardinia" },
    {
      spots: 3,
      spotOverrides: (position) => ({
        categoryId: category.id,
        visibility: position === 1 ? "premium" : position === 2 ? "supporters" : "public",
        summary: `${SECRET} ${position}`,
        coverImageUrl: `/uploads/spot-photos/ab/cover-${position}.webp`,
      }),
    },
  );
  const { map: draft } = await createMap(
    db,
    { ownerId: creator.id, title: "Draft map", currentSlug: "draft-map", isPublished: false, publishedAt: null },
    { spots: 1 },
  );
  const body = [
    cardMarkdown("Coves", `/maps/${map.currentSlug}`),
    cardMarkdown("Open spot", `/maps/${map.currentSlug}/spots/${spots[0].slug}`),
    cardMarkdown("Premium spot", `/maps/${map.currentSlug}/spots/${spots[1].slug}`),
    cardMarkdown("Supporters spot", `/maps/${map.currentSlug}/spots/${spots[2].slug}`),
    cardMarkdown("Draft", `/maps/${draft.currentSlug}`),
    cardMarkdown("Nowhere", "/maps/no-such-map"),
  ].join("\n\n");
  return { creator, map, spots, draft, body };
}

const member: Entitlements = { userId: "someone", isAdmin: false, hasActiveSubscription: false, supportedCreatorIds: [] };

describe("the cards of a post body", () => {
  it("shows an anonymous reader the map, the open spot in full and the gated spots locked, without their gated text", async () => {
    const { map, spots, body } = await world();
    const cards = await cardsForBody(db, NO_ENTITLEMENTS, body);
    expect(Object.keys(cards).sort()).toEqual([`/maps/${map.currentSlug}`, ...spots.map((s) => `/maps/${map.currentSlug}/spots/${s.slug}`)].sort());
    expect(cards[`/maps/${map.currentSlug}`]).toMatchObject({ kind: "map", title: "Coves of Sardinia", creatorName: "Giulia", spotCount: 3 });
    expect(cards[`/maps/${map.currentSlug}/spots/${spots[0].slug}`]).toMatchObject({
      kind: "spot",
      access: "full",
      name: spots[0].name,
      categoryName: "Beaches",
      imageUrl: "/uploads/spot-photos/ab/cover-0.webp",
    });
    expect(cards[`/maps/${map.currentSlug}/spots/${spots[1].slug}`]).toEqual({
      kind: "spot",
      access: "locked",
      href: `/maps/${map.currentSlug}/spots/${spots[1].slug}`,
      spotId: spots[1].id,
      name: spots[1].name,
      mapTitle: "Coves of Sardinia",
      categoryName: "Beaches",
      visibility: "premium",
    });
    expect(cards[`/maps/${map.currentSlug}/spots/${spots[2].slug}`]).toMatchObject({ access: "locked", visibility: "supporters" });
    const json = JSON.stringify(cards);
    expect(json).not.toContain("cover-1");
    expect(json).not.toContain("cover-2");
    expect(json).not.toContain(SECRET);
  });

  it("opens the spots to the readers entitled to them", async () => {
    const { creator, map, spots, body } = await world();
    const access = async (viewer: Entitlements) => {
      const cards = await cardsForBody(db, viewer, body);
      return spots.map((s) => (cards[`/maps/${map.currentSlug}/spots/${s.slug}`] as { access: string }).access);
    };
    expect(await access({ ...member, hasActiveSubscription: true })).toEqual(["full", "full", "locked"]);
    expect(await access({ ...member, hasActiveSubscription: true, supportedCreatorIds: [creator.id] })).toEqual(["full", "full", "full"]);
  });

  it("shows a draft map only to its creator, and follows a map's old slug", async () => {
    const { creator, map, draft, body } = await world();
    expect((await cardsForBody(db, member, body))[`/maps/${draft.currentSlug}`]).toBeUndefined();
    expect((await cardsForBody(db, { ...member, userId: creator.id }, body))[`/maps/${draft.currentSlug}`]).toMatchObject({ title: "Draft map" });

    await db.update(maps).set({ currentSlug: "sardinia-coves" }).where(eq(maps.id, map.id));
    await db.insert(mapSlugs).values({ slug: "sardinia-coves", mapId: map.id });
    expect((await cardsForBody(db, NO_ENTITLEMENTS, body))[`/maps/coves-of-sardinia`]).toMatchObject({ kind: "map", title: "Coves of Sardinia" });
  });

  it("has no cards for a body without map or spot links", async () => {
    expect(await cardsForBody(db, NO_ENTITLEMENTS, "Just words and [a link](https://example.com).")).toEqual({});
  });
});

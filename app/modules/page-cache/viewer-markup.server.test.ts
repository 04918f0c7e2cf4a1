import { describe, expect, it } from "vitest";
import { ANONYMOUS, type Viewer } from "~/modules/auth";
import { markupRequest } from "./viewer-markup.server";

const url = "http://localhost/maps/lisbon";
const get = () => new Request(url);
function viewer(overrides: Partial<Viewer> = {}): Viewer {
  return {
    ...ANONYMOUS,
    isLoggedIn: true,
    user: { id: "u1", email: "ana@example.com", emailVerified: true, name: "Ana" },
    profile: {
      id: "u1",
      handle: "ana",
      displayName: "Ana",
      bioText: null,
      profileImageUrl: null,
      isCreator: false,
      isOnboarded: true,
      isPublished: false,
      isAdmin: false,
    },
    hasActiveSubscription: true,
    ...overrides,
  };
}
const data = (v: Viewer, page: unknown = { map: { id: "map-1", creator: { id: "c1" } } }) => ({
  root: { config: {}, viewer: v, viewAs: null, consent: null },
  "routes/public/map-page": page,
});
const keyOf = (loaderData: Record<string, unknown>) => markupRequest(get(), 200, loaderData, false)?.key;

describe("markupRequest", () => {
  it("gives two viewers the same key when they differ only in what the page does not draw", () => {
    const other = viewer({
      user: { id: "u2", email: "bea@example.com", emailVerified: true, name: "Bea" },
      bookmarks: { maps: ["another-map"], spots: [] },
    });
    expect(keyOf(data(viewer()))).toBe(keyOf(data(other)));
  });

  it("keys apart a save or a follow of something on the page, another class, another address", () => {
    const base = keyOf(data(viewer()));
    expect(keyOf(data(viewer({ bookmarks: { maps: ["map-1"], spots: [] } })))).not.toBe(base);
    const follow = {
      id: "f",
      creatorId: "c1",
      status: "active",
      createdAt: "",
      creator: { handle: "c", displayName: null, profileImageUrl: null, mapsCount: 1 },
    };
    expect(keyOf(data(viewer({ follows: [follow] })))).not.toBe(base);
    expect(keyOf(data(viewer({ hasActiveSubscription: false })))).not.toBe(base);
    expect(markupRequest(new Request(`${url}?category=cafes`), 200, data(viewer()), false)?.key).not.toBe(base);
  });

  it("keys apart page data that differs anywhere, however deep, and the same shared data alike", () => {
    const spots = [{ id: "s1", name: "Miradouro", tags: ["view"], at: new Date("2026-01-01T00:00:00Z") }];
    const shared = { map: { id: "map-1", creator: { id: "c1" } }, spots };
    const key = keyOf(data(viewer(), { ...shared, site: "http://localhost" }));
    // The same shared objects in a new page object (as a loader spreads them) give the same key.
    expect(keyOf(data(viewer(), { ...shared, site: "http://localhost" }))).toBe(key);
    const changed = [
      { ...shared, spots: [{ ...spots[0], name: "Miradouro da Graça" }], site: "http://localhost" },
      { ...shared, spots: [{ ...spots[0], tags: ["view", "sunset"] }], site: "http://localhost" },
      { ...shared, spots: [{ ...spots[0], at: new Date("2026-01-02T00:00:00Z") }], site: "http://localhost" },
      { ...shared, site: "https://localhost" },
      { ...shared, site: "http://localhost", extra: null },
      { map: { ...shared.map, spots }, site: "http://localhost" },
    ];
    const keys = changed.map((page) => keyOf(data(viewer(), page)));
    expect(new Set([key, ...keys]).size).toBe(changed.length + 1);
  });

  it("draws as before what it cannot key whole, and anyone it must not keep a copy for", () => {
    for (const page of [{ later: Promise.resolve(1) }, { byId: new Map([["a", 1]]) }, { ids: new Set(["a"]) }]) {
      expect(keyOf(data(viewer(), page))).toBeUndefined();
    }
    expect(keyOf(data(ANONYMOUS))).toBeUndefined();
    expect(keyOf(data(viewer({ profile: { ...viewer().profile!, isAdmin: true } })))).toBeUndefined();
    expect(keyOf({ ...data(viewer()), root: { ...data(viewer()).root, viewAs: { as: "member" } } })).toBeUndefined();
    expect(markupRequest(get(), 404, data(viewer()), false)).toBeUndefined();
    expect(markupRequest(get(), 200, data(viewer()), true)).toBeUndefined();
    expect(markupRequest(new Request("http://localhost/studio"), 200, data(viewer()), false)).toBeUndefined();
    expect(markupRequest(new Request(url, { method: "POST" }), 200, data(viewer()), false)).toBeUndefined();
  });
});

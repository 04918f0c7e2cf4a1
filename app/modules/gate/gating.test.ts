import { describe, expect, it } from "vitest";
import { ANONYMOUS, type Viewer } from "~/modules/auth/viewer";
import { NO_ENTITLEMENTS, accessTo, canView, entitlementClass, entitlementsOf, type Entitlements, type GatedItem } from "./gating";

const item = (overrides: Partial<GatedItem> = {}): GatedItem => ({ ownerId: "creator-a", visibility: "public", isPublished: true, ...overrides });
const user: Entitlements = { userId: "u1", isAdmin: false, hasActiveSubscription: false, supportedCreatorIds: [] };
const subscriber: Entitlements = { ...user, hasActiveSubscription: true };
const supporterOfA: Entitlements = { ...user, hasActiveSubscription: true, supportedCreatorIds: ["creator-a"] };
const owner: Entitlements = { ...user, userId: "creator-a" };
const admin: Entitlements = { ...user, userId: "admin", isAdmin: true };

describe("gating", () => {
  it("public content is for everyone", () => {
    for (const viewer of [NO_ENTITLEMENTS, user, subscriber]) expect(accessTo(viewer, item())).toBe("full");
  });

  it("premium content is locked for anonymous and free users, open to subscribers and supporters", () => {
    const premium = item({ visibility: "premium" });
    expect(accessTo(NO_ENTITLEMENTS, premium)).toBe("locked");
    expect(accessTo(user, premium)).toBe("locked");
    expect(accessTo(subscriber, premium)).toBe("full");
    expect(accessTo({ ...user, hasActiveSubscription: true, supportedCreatorIds: ["creator-b"] }, premium)).toBe("full");
  });

  it("supporters-only content opens only to that creator's supporters", () => {
    const members = item({ visibility: "supporters" });
    expect(accessTo(subscriber, members)).toBe("locked");
    expect(accessTo({ ...subscriber, supportedCreatorIds: ["creator-b"] }, members)).toBe("locked");
    expect(accessTo(supporterOfA, members)).toBe("full");
  });

  it("unpublished content, or an unpublished creator's, is hidden except from its owner and admins", () => {
    for (const hidden of [item({ isPublished: false }), item({ ownerPublished: false }), item({ isPublished: false, visibility: "supporters" })]) {
      expect(accessTo(NO_ENTITLEMENTS, hidden)).toBe("hidden");
      expect(accessTo(supporterOfA, hidden)).toBe("hidden");
      expect(accessTo(owner, hidden)).toBe("full");
      expect(accessTo(admin, hidden)).toBe("full");
    }
    expect(canView(owner, item({ visibility: "supporters" }))).toBe(true);
  });

  it("derives entitlements from the request's viewer", () => {
    expect(entitlementsOf(ANONYMOUS)).toEqual(NO_ENTITLEMENTS);
    const viewer: Viewer = {
      ...ANONYMOUS,
      isLoggedIn: true,
      user: { id: "u9", email: "u9@example.com", emailVerified: true, name: "u9" },
      profile: null,
      hasActiveSubscription: true,
      isActiveSupporter: true,
      supports: [
        {
          id: "s1",
          creatorId: "creator-a",
          status: "active",
          createdAt: "2026-01-01T00:00:00.000Z",
          creator: { handle: "a", displayName: "A", profileImageUrl: null, mapsCount: 1 },
        },
      ],
    };
    expect(entitlementsOf(viewer)).toEqual({ userId: "u9", isAdmin: false, hasActiveSubscription: true, supportedCreatorIds: ["creator-a"] });
  });
});

describe("entitlementClass", () => {
  const member: Entitlements = { userId: "m1", isAdmin: false, hasActiveSubscription: false, supportedCreatorIds: [] };
  const items: GatedItem[] = (["public", "premium", "supporters"] as const).map((visibility) => ({
    ownerId: "c1",
    visibility,
    isPublished: true,
    ownerPublished: true,
  }));
  const viewers: Entitlements[] = [
    NO_ENTITLEMENTS,
    member,
    { ...member, userId: "m2", hasActiveSubscription: true },
    { ...member, userId: "m3", hasActiveSubscription: true, supportedCreatorIds: ["c1"] },
    { ...member, userId: "m4", hasActiveSubscription: true, supportedCreatorIds: ["c2"] },
  ];

  it("puts together exactly the viewers who see the same of a creator's content", () => {
    for (const a of viewers)
      for (const b of viewers) {
        const sameClass = entitlementClass(a, "c1") === entitlementClass(b, "c1");
        const sameAccess = items.every((item) => accessTo(a, item) === accessTo(b, item));
        expect(sameClass).toBe(sameAccess);
      }
    expect(entitlementClass(NO_ENTITLEMENTS, "c1")).toBe(entitlementClass(member, "c1"));
  });

  it("never shares the owner's or an admin's view", () => {
    expect(entitlementClass({ ...member, userId: "c1" }, "c1")).toBeNull();
    expect(entitlementClass({ ...member, isAdmin: true }, "c1")).toBeNull();
  });
});

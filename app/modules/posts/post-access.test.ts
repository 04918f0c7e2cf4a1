import { describe, expect, it } from "vitest";
import { VISIBILITIES } from "#db/schema";
import { NO_ENTITLEMENTS, type Entitlements } from "~/modules/gate";
import { POST_VISIBILITIES, gatePost, mayReadBody, postAccess, postStatus, type PostVisibility } from "./index";

const NOW = new Date("2026-11-25T12:00:00Z");
const EARLIER = new Date("2026-11-20T08:00:00Z");
const LATER = new Date("2026-11-26T08:00:00Z");
const CREATOR = "creator-a";
const BODY = "## The secret cove\n\nTake the path behind the chapel at low tide.";

const member: Entitlements = { userId: "member", isAdmin: false, hasActiveSubscription: false, supportedCreatorIds: [] };
const viewers: Record<string, Entitlements> = {
  anonymous: NO_ENTITLEMENTS,
  member,
  premium: { ...member, userId: "premium", hasActiveSubscription: true },
  "supporter of this creator": { ...member, userId: "supporter", hasActiveSubscription: true, supportedCreatorIds: [CREATOR] },
  "supporter of another creator": { ...member, userId: "other-supporter", hasActiveSubscription: true, supportedCreatorIds: ["creator-b"] },
  "the creator": { ...member, userId: CREATOR },
  admin: { ...member, userId: "admin", isAdmin: true },
};

/** Who reads the body of a published post, by visibility (the rest see it locked). */
const readers: Record<PostVisibility, string[]> = {
  public: Object.keys(viewers),
  premium: ["premium", "supporter of this creator", "supporter of another creator", "the creator", "admin"],
  supporters: ["supporter of this creator", "the creator", "admin"],
};

const post = (visibility: PostVisibility, publishedAt: Date | null = EARLIER, creatorPublished = true) => ({
  id: "post-1",
  title: "Five coves only locals know",
  creatorId: CREATOR,
  visibility,
  publishedAt,
  creatorPublished,
  bodyMarkdown: BODY,
});

describe("post visibility levels", () => {
  it("are the spots' levels: public, Premium, supporters", () => {
    expect(POST_VISIBILITIES).toEqual(VISIBILITIES);
  });
});

describe("post status", () => {
  it("is a draft without a time, scheduled before its time, published from it on", () => {
    expect(postStatus(null, NOW)).toBe("draft");
    expect(postStatus(LATER, NOW)).toBe("scheduled");
    expect(postStatus(NOW, NOW)).toBe("published");
    expect(postStatus(EARLIER, NOW)).toBe("published");
  });
});

describe("who may read a published post's body", () => {
  for (const visibility of POST_VISIBILITIES) {
    for (const [kind, viewer] of Object.entries(viewers)) {
      const reads = readers[visibility].includes(kind);
      it(`${visibility} post, ${kind}: ${reads ? "reads the body" : "sees it locked, without the body"}`, () => {
        expect(postAccess(viewer, post(visibility), NOW)).toBe(reads ? "full" : "locked");
        expect(mayReadBody(viewer, post(visibility), NOW)).toBe(reads);
        const gated = gatePost(viewer, post(visibility), NOW);
        expect(gated).toMatchObject({ id: "post-1", title: "Five coves only locals know", visibility, publishedAt: EARLIER });
        if (reads) expect(gated).toMatchObject({ access: "full", bodyMarkdown: BODY });
        else {
          expect(gated).toEqual({ id: "post-1", title: "Five coves only locals know", visibility, publishedAt: EARLIER, access: "locked" });
          expect(JSON.stringify(gated)).not.toContain("secret cove");
        }
      });
    }
  }
});

describe("posts not yet out", () => {
  const onlyTheirs = ["the creator", "admin"];
  const cases = [
    ["a draft", post("public", null)],
    ["a scheduled post", post("public", LATER)],
    ["a post of an unpublished creator", post("public", EARLIER, false)],
  ] as const;
  for (const [what, p] of cases) {
    it(`${what} exists only for its creator and admins`, () => {
      for (const [kind, viewer] of Object.entries(viewers)) {
        const theirs = onlyTheirs.includes(kind);
        expect(postAccess(viewer, p, NOW), kind).toBe(theirs ? "full" : "hidden");
        expect(gatePost(viewer, p, NOW), kind).toEqual(theirs ? expect.objectContaining({ access: "full", bodyMarkdown: BODY }) : null);
      }
    });
  }

  it("a scheduled supporters-only post opens to supporters at its time, not before", () => {
    const supporter = viewers["supporter of this creator"];
    const scheduled = post("supporters", LATER);
    expect(mayReadBody(supporter, scheduled, NOW)).toBe(false);
    expect(mayReadBody(supporter, scheduled, LATER)).toBe(true);
    expect(mayReadBody(viewers.premium, scheduled, LATER)).toBe(false);
  });
});

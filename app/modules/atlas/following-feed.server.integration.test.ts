/**
 * My Atlas's "From creators you follow": the posts and newly published maps of the creators a user
 * follows or supports, newest first, gated like everywhere else (a locked post as its teaser).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { creatorSupporters, followers } from "#db/schema";
import { createCreator, createMap, createPost, createProfile } from "#db/seed/factories";
import { NO_ENTITLEMENTS } from "~/modules/gate";
import { setupTestDatabase } from "../../../tests/setup/database";
import { followingFeed } from "./atlas.server";

const db = await setupTestDatabase({ reset: "file" });

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
let userId: string;
let ids: { followed: string; supported: string };

beforeAll(async () => {
  const { profile: followed } = await createCreator(db, { handle: "followed_one" });
  const { profile: supported } = await createCreator(db, { handle: "supported_one" });
  const { profile: stranger } = await createCreator(db, { handle: "stranger_one" });
  ids = { followed: followed.id, supported: supported.id };
  const { user } = await createProfile(db, { handle: null });
  userId = user.id;
  await db.insert(followers).values({ userId, creatorId: followed.id, status: "active" });
  await db.insert(followers).values({ userId, creatorId: stranger.id, status: "inactive" });
  await db.insert(creatorSupporters).values({ userId, creatorId: supported.id, status: "active", interval: "month", provider: "local" });

  await createPost(db, followed.id, { title: "Followed, public", bodyMarkdown: "Open teaser.\n\nOpen body.", publishedAt: minutesAgo(50) });
  await createPost(db, followed.id, {
    title: "Followed, supporters",
    visibility: "supporters",
    bodyMarkdown: "Locked teaser.\n\nLocked body.",
    publishedAt: minutesAgo(10),
  });
  await createPost(db, followed.id, { title: "Followed, draft", publishedAt: null });
  await createPost(db, followed.id, { title: "Followed, scheduled", publishedAt: new Date(Date.now() + 3_600_000) });
  await createMap(db, { title: "Followed's new map", publishedAt: minutesAgo(30) }, { ownerId: followed.id, spots: 1 });
  await createMap(db, { title: "Followed's draft map", isPublished: false, publishedAt: null }, { ownerId: followed.id, spots: 1 });
  await createPost(db, supported.id, {
    title: "Supported, supporters",
    visibility: "supporters",
    bodyMarkdown: "Their teaser.\n\nTheir body.",
    publishedAt: minutesAgo(20),
  });
  await createPost(db, stranger.id, { title: "Stranger's post", publishedAt: minutesAgo(5) });
});

describe("From creators you follow", () => {
  it("lists the followed and supported creators' posts and new maps, newest first, gated", async () => {
    const viewer = { ...NO_ENTITLEMENTS, userId, hasActiveSubscription: true, supportedCreatorIds: [ids.supported] };
    const items = await followingFeed(db, viewer, new Date());
    expect(items.map((i) => (i.kind === "post" ? `${i.post.title} (${i.post.access})` : `map: ${i.map.title}`))).toEqual([
      "Followed, supporters (locked)",
      "Supported, supporters (full)",
      "map: Followed's new map",
      "Followed, public (full)",
    ]);
    const locked = items[0].kind === "post" ? items[0].post : null;
    expect(locked?.teaser).toBe("Locked teaser.");
    expect(JSON.stringify(items)).not.toMatch(/Locked body|Their body|Open body/);
  });
});

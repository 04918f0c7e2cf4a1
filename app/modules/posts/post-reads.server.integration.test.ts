/**
 * Posts as viewers read them on public pages: the gate's SQL form of a post (postItem) gives every
 * viewer the answer of the pure postAccess() for every post, and the reads built on it list only
 * published posts, newest first, a locked one without its body.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { posts, profiles } from "#db/schema";
import { createCreator, createPost, createProfile } from "#db/seed/factories";
import { NO_ENTITLEMENTS, type Access, type Entitlements } from "~/modules/gate";
import { accessSql, canSeeSql, canViewSql, postItem } from "~/modules/gate/index.server";
import { setupTestDatabase } from "../../../tests/setup/database";
import { postAccess, type PostVisibility } from "./post-access";
import { creatorPosts, findPublicPost, postsOfCreators, readablePosts } from "./post-reads.server";

const db = await setupTestDatabase({ reset: "file" });

const NOW = new Date("2026-11-25T12:00:00Z");
const HOUR = 60 * 60 * 1000;
const VISIBILITIES: PostVisibility[] = ["public", "premium", "supporters"];

const ids = { a: "", b: "", c: "", admin: "", someone: "" };
let viewers: Record<string, Entitlements>;

beforeAll(async () => {
  const { profile: a } = await createCreator(db, { handle: "Post_Writer" });
  const { profile: b } = await createCreator(db, { handle: "other_writer" });
  const { profile: c } = await createCreator(db, { handle: "hidden_writer", isPublished: false });
  const { user: someone } = await createProfile(db);
  const { user: admin } = await createProfile(db, { isAdmin: true });
  Object.assign(ids, { a: a.id, b: b.id, c: c.id, admin: admin.id, someone: someone.id });
  for (const [creator, label, offset] of [
    [a, "A", 0],
    [b, "B", -0.5],
    [c, "C", -0.25],
  ] as const) {
    for (const [i, visibility] of VISIBILITIES.entries()) {
      const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);
      await createPost(db, creator.id, {
        title: `${label} ${visibility}`,
        slug: `${label.toLowerCase()}-${visibility}`,
        visibility,
        publishedAt: at(-10 + i + offset),
        bodyMarkdown: `Teaser of ${label} ${visibility}.\n\nBody of ${label} ${visibility}.`,
      });
      await createPost(db, creator.id, {
        title: `${label} ${visibility} draft`,
        slug: `${label.toLowerCase()}-${visibility}-draft`,
        visibility,
        publishedAt: null,
      });
      await createPost(db, creator.id, {
        title: `${label} ${visibility} scheduled`,
        slug: `${label.toLowerCase()}-${visibility}-scheduled`,
        visibility,
        publishedAt: at(2 + i),
      });
    }
  }
  const member = (over: Partial<Entitlements>): Entitlements => ({ ...NO_ENTITLEMENTS, userId: someone.id, ...over });
  viewers = {
    anonymous: NO_ENTITLEMENTS,
    member: member({}),
    premium: member({ hasActiveSubscription: true }),
    "supporter of A": member({ hasActiveSubscription: true, supportedCreatorIds: [a.id] }),
    "supporter of B": member({ hasActiveSubscription: true, supportedCreatorIds: [b.id] }),
    "A itself": { ...NO_ENTITLEMENTS, userId: a.id },
    "C itself (unpublished)": { ...NO_ENTITLEMENTS, userId: c.id },
    admin: { ...NO_ENTITLEMENTS, userId: admin.id, isAdmin: true },
  };
});

describe("the gate's SQL form of a post", () => {
  it("gives every viewer postAccess()'s answer for every post, at the request's time", async () => {
    const seen = new Set<Access>();
    for (const [name, viewer] of Object.entries(viewers)) {
      const item = postItem(NOW);
      const rows = await db
        .select({
          title: posts.title,
          creatorId: posts.creatorId,
          visibility: posts.visibility,
          publishedAt: posts.publishedAt,
          creatorPublished: profiles.isPublished,
          access: accessSql(viewer, item),
          canSee: canSeeSql(viewer, item),
          canView: canViewSql(viewer, item),
        })
        .from(posts)
        .innerJoin(profiles, eq(profiles.id, posts.creatorId));
      expect(rows).toHaveLength(27);
      for (const row of rows) {
        const expected = postAccess(viewer, row, NOW);
        seen.add(expected);
        const where = `${name} × ${row.title}`;
        expect({ where, access: row.access, canSee: row.canSee, canView: row.canView }).toEqual({
          where,
          access: expected,
          canSee: expected !== "hidden",
          canView: expected === "full",
        });
      }
    }
    expect([...seen].sort()).toEqual(["full", "hidden", "locked"]);
  });
});

describe("a creator's posts on public pages", () => {
  it("are the published ones, newest first, for everyone (their creator and admins included); a locked one has no body", async () => {
    for (const [name, viewer] of Object.entries(viewers)) {
      const { posts: shown, pages } = await creatorPosts(db, ids.a, viewer, NOW);
      expect(pages).toBe(1);
      expect(
        shown.map((p) => p.title),
        name,
      ).toEqual(["A supporters", "A premium", "A public"]);
      for (const post of shown) {
        expect(post.teaser).toBe(`Teaser of ${post.title}.`);
        expect(JSON.stringify(post)).not.toContain("Body of");
        expect(post.access).toBe(
          postAccess(viewer, { creatorId: ids.a, visibility: post.visibility, publishedAt: post.publishedAt, creatorPublished: true }, NOW),
        );
      }
    }
  });

  it("of an unpublished creator exist for that creator and admins only", async () => {
    for (const [name, viewer] of Object.entries(viewers)) {
      const shown = (await creatorPosts(db, ids.c, viewer, NOW)).posts;
      expect(shown.length, name).toBe(name === "admin" || name === "C itself (unpublished)" ? 3 : 0);
    }
  });

  it("a scheduled post appears at its time", async () => {
    const shownAt = async (hours: number) => (await creatorPosts(db, ids.a, NO_ENTITLEMENTS, new Date(NOW.getTime() + hours * HOUR))).posts.map((p) => p.title);
    expect(await shownAt(2.5)).toEqual(["A public scheduled", "A supporters", "A premium", "A public"]);
    expect(await shownAt(5)).toEqual(["A supporters scheduled", "A premium scheduled", "A public scheduled", "A supporters", "A premium", "A public"]);
  });

  it("readable posts (a feed's) are the ones the viewer may read in full, with their body", async () => {
    const read = async (viewer: Entitlements) => (await readablePosts(db, ids.a, viewer, NOW, 50)).map((p) => p.title);
    expect(await read(viewers.anonymous)).toEqual(["A public"]);
    expect(await read(viewers.premium)).toEqual(["A premium", "A public"]);
    expect(await read(viewers["supporter of A"])).toEqual(["A supporters", "A premium", "A public"]);
    expect(await read(viewers["supporter of B"])).toEqual(["A premium", "A public"]);
    expect((await readablePosts(db, ids.a, viewers.anonymous, NOW, 50))[0].bodyMarkdown).toBe("Teaser of A public.\n\nBody of A public.");
  });

  it("of several creators (the Atlas feed) come newest first across them", async () => {
    const shown = await postsOfCreators(db, sql`(select id from profiles where id in (${ids.a}, ${ids.b}))`, viewers.member, NOW, 4);
    expect(shown.map((p) => p.title)).toEqual(["A supporters", "B supporters", "A premium", "B premium"]);
  });
});

describe("one post by its creator's handle and its slug", () => {
  it("is found by its slug (the handle in any case), gated for the viewer", async () => {
    const found = await findPublicPost(db, "post_writer", "a-supporters", viewers.premium, NOW);
    expect(found).toMatchObject({ found: true, post: { title: "A supporters", access: "locked", teaser: "Teaser of A supporters." } });
    expect(JSON.stringify(found)).not.toContain("Body of");
    expect(await findPublicPost(db, "Post_Writer", "a-supporters", viewers["supporter of A"], NOW)).toMatchObject({
      found: true,
      post: { access: "full", bodyMarkdown: "Teaser of A supporters.\n\nBody of A supporters." },
    });
  });

  it("by its id answers with its slug", async () => {
    const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.slug, "a-public"));
    expect(await findPublicPost(db, "post_writer", row.id, NO_ENTITLEMENTS, NOW)).toEqual({ found: true, redirectTo: "a-public" });
  });

  it("is not found under another creator, as a draft or before its time, whoever asks", async () => {
    for (const viewer of Object.values(viewers)) {
      expect(await findPublicPost(db, "other_writer", "a-public", viewer, NOW)).toEqual({ found: false });
      expect(await findPublicPost(db, "post_writer", "a-public-draft", viewer, NOW)).toEqual({ found: false });
      expect(await findPublicPost(db, "post_writer", "a-public-scheduled", viewer, NOW)).toEqual({ found: false });
      expect(await findPublicPost(db, "post_writer", "no-such-post", viewer, NOW)).toEqual({ found: false });
    }
    expect(await findPublicPost(db, "post_writer", "a-public-scheduled", NO_ENTITLEMENTS, new Date(NOW.getTime() + 2 * HOUR))).toMatchObject({ found: true });
  });
});

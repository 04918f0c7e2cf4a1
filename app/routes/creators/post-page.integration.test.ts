/**
 * The post page's loader: a post by its slug (its id redirects there), a 404 for what the viewer
 * may not know exists, and a view recorded off the request path (post_viewed, crediting its
 * creator) like a map's or a spot's; the creator's own look is not counted.
 */
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events } from "#db/schema";
import { createCreator, createPost, createProfile } from "#db/seed/factories";
import { flushViewEvents } from "~/modules/analytics/track.server";
import { setupTestDatabase } from "../../../tests/setup/database";
import { runRoute, visitorAs, type TestVisitor } from "../../../tests/setup/visitor";
import { loader as creatorPosts } from "./creator-posts";
import { loader } from "./post-page";

const db = await setupTestDatabase();

/** A loader whose thrown `data(…, { status })` (a 404 page) comes back as a Response, which runRoute reads. */
function answering<A>(load: (args: A) => Promise<unknown>) {
  return async (args: A) => {
    try {
      return await load(args);
    } catch (error) {
      const status = (error as { init?: { status?: number } }).init?.status;
      if (status) throw new Response(null, { status });
      throw error;
    }
  };
}

const open = (visitor: TestVisitor, handle: string, ref: string) =>
  runRoute(visitor, `/@${handle}/posts/${ref}`, answering(loader), { params: { atHandle: `@${handle}`, postSlug: ref } });

describe("a post's page", () => {
  it("opens by its slug, gated for the viewer, and records the view for its creator", async () => {
    const { profile: creator } = await createCreator(db, { handle: "viewed_writer" });
    const post = await createPost(db, creator.id, { title: "Worth a view", visibility: "premium", bodyMarkdown: "Teaser.\n\nThe premium body." });
    const { user: member } = await createProfile(db, { handle: null });

    const anonymous = await open(await visitorAs(db), "viewed_writer", post.slug);
    expect(anonymous.status).toBe(200);
    expect(anonymous.data).toMatchObject({ post: { title: "Worth a view", access: "locked", teaser: "Teaser." }, cards: {} });
    expect(JSON.stringify(anonymous.data)).not.toContain("The premium body");
    expect((anonymous.data as { urls: { canonical: string } }).urls.canonical).toBe(`http://localhost/@viewed_writer/posts/${post.slug}`);

    await open(await visitorAs(db, member.id), "viewed_writer", post.slug);
    await open(await visitorAs(db, creator.id), "viewed_writer", post.slug);
    await flushViewEvents();
    const views = await db.select().from(events).where(eq(events.type, "post_viewed")).orderBy(asc(events.id));
    expect(views.map((e) => [e.targetType, e.targetId, e.userId, e.attributionCreatorId, e.properties])).toEqual([
      ["post", post.id, null, creator.id, { locked: true }],
      ["post", post.id, member.id, creator.id, { locked: true }],
    ]);
  });

  it("by its id redirects to its slug; a draft, a scheduled post or another creator's handle is a 404", async () => {
    const { profile: creator } = await createCreator(db, { handle: "moved_writer" });
    await createCreator(db, { handle: "someone_else" });
    const post = await createPost(db, creator.id, { title: "Has a slug" });
    const draft = await createPost(db, creator.id, { title: "Draft", publishedAt: null });
    const scheduled = await createPost(db, creator.id, { title: "Later", publishedAt: new Date(Date.now() + 3_600_000) });
    const visitor = await visitorAs(db, creator.id);
    expect(await open(visitor, "moved_writer", post.id)).toEqual({ status: 301, location: `/@moved_writer/posts/${post.slug}` });
    expect((await open(visitor, "moved_writer", draft.slug)).status).toBe(404);
    expect((await open(visitor, "moved_writer", scheduled.slug)).status).toBe(404);
    expect((await open(visitor, "someone_else", post.slug)).status).toBe(404);
    expect((await open(visitor, "moved_writer", "no-such-post")).status).toBe(404);
    expect((await runRoute(visitor, "/moved_writer/posts/x", answering(loader), { params: { atHandle: "moved_writer", postSlug: post.slug } })).status).toBe(
      404,
    );
  });
});

describe("the creator's Posts tab", () => {
  it("pages through the posts, and refuses a page that is not a number", async () => {
    const { profile: creator } = await createCreator(db, { handle: "tab_writer" });
    for (let i = 0; i < 21; i++) await createPost(db, creator.id, { title: `Post ${i}`, publishedAt: new Date(Date.now() - (i + 1) * 60_000) });
    const visitor = await visitorAs(db);
    const tab = (query: string) => runRoute(visitor, `/@tab_writer/posts${query}`, answering(creatorPosts), { params: { atHandle: "@tab_writer" } });
    const first = await tab("");
    expect(first.data).toMatchObject({ page: 1, pages: 2, canMakePrivateFeed: false });
    expect((first.data as { posts: { title: string }[] }).posts[0].title).toBe("Post 0");
    expect((await tab("?page=2")).data).toMatchObject({ page: 2, posts: [{ title: "Post 20" }] });
    expect((await tab("?page=abc")).status).toBe(404);
    expect((await tab("?page=0")).status).toBe(404);
  });
});

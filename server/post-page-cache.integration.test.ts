/**
 * A post's page in the rendered-page cache (ADR 0020, amended for posts): an anonymous copy is
 * served again, and a write to the post (edited, made supporters-only, unpublished) shows on the
 * very next request; a scheduled post, a 404 until its time, is there from its time on without
 * any write, since a 404 is never kept.
 */
import { eq } from "drizzle-orm";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCreator, createPost } from "#db/seed/factories";
import { posts } from "#db/schema";
import { requestContext } from "~/lib/request-context";
import { pageCache } from "~/modules/page-cache/page-cache.server";
import { setupTestDatabase } from "../tests/setup/database";
import { stubTestEnv } from "../tests/setup/env";
import { appServerBuild } from "../tests/setup/app-build";
import { createApp } from "./app";

stubTestEnv({ BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth", RATE_LIMITS: "off" });

const db = await setupTestDatabase({ reset: "file" });
let app: ReturnType<typeof createApp>;
let creatorId: string;
/** How many documents React Router rendered: a copy served from the cache renders none. */
let renders = 0;

/** The document: the loaders' data as JSON and the request's nonce. */
function renderingEntry(_request: Request, status: number, headers: Headers, routerContext: unknown, loadContext: { get: (key: unknown) => unknown }) {
  renders++;
  const { nonce } = loadContext.get(requestContext) as { nonce: string };
  const loaderData = (routerContext as { staticHandlerContext: { loaderData: unknown } }).staticHandlerContext.loaderData;
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<script nonce="${nonce}"></script>${JSON.stringify(loaderData)}`, { status, headers });
}

async function get(path: string) {
  const res = await app.request(
    `http://cache.test${path}`,
    { headers: { "User-Agent": "Mozilla/5.0 Chrome/140" } },
    { incoming: { socket: { remoteAddress: "127.0.0.1", remotePort: 50000, remoteFamily: "IPv4" } } },
  );
  return { status: res.status, body: await res.text() };
}

beforeAll(async () => {
  creatorId = (await createCreator(db, { handle: "cachewriter" })).profile.id;
  const build = await appServerBuild();
  app = createApp({
    build: { ...build, entry: { module: { default: renderingEntry } } } as unknown as ServerBuild,
    clientDir: "build/client",
    mode: "production",
    log: pino({ level: "silent" }),
    db,
    trustedProxies: new Set(),
    ready: async () => true,
    isShuttingDown: () => false,
    https: false,
  });
}, 120_000);

beforeEach(() => {
  pageCache.clear();
});

describe("a post's page in the anonymous page cache", () => {
  it("is rendered once and served again, and follows every write to the post at once", async () => {
    const post = await createPost(db, creatorId, { title: "Cached post", slug: "cached-post", bodyMarkdown: "Teaser.\n\nFirst version of the body." });
    const path = "/@cachewriter/posts/cached-post";
    const first = await get(path);
    expect(first.body).toContain("First version of the body.");
    const rendered = renders;
    expect((await get(path)).body).toContain("First version of the body.");
    expect(renders).toBe(rendered);

    await db.update(posts).set({ bodyMarkdown: "Teaser.\n\nSecond version of the body." }).where(eq(posts.id, post.id));
    expect((await get(path)).body).toContain("Second version of the body.");

    await db.update(posts).set({ visibility: "supporters" }).where(eq(posts.id, post.id));
    const locked = await get(path);
    expect(locked.body).toContain('"access":"locked"');
    expect(locked.body).not.toContain("Second version of the body.");

    await db.update(posts).set({ publishedAt: null }).where(eq(posts.id, post.id));
    expect((await get(path)).status).toBe(404);
  });

  it("of a scheduled post is a 404 until its time, and the post from then on, without a write", async () => {
    await createPost(db, creatorId, { title: "Soon", slug: "soon", bodyMarkdown: "Teaser.\n\nThe scheduled body.", publishedAt: new Date(Date.now() + 1500) });
    expect((await get("/@cachewriter/posts/soon")).status).toBe(404);
    await expect.poll(async () => (await get("/@cachewriter/posts/soon")).status, { interval: 250 }).toBe(200);
    expect((await get("/@cachewriter/posts/soon")).body).toContain("The scheduled body.");
  });
});

import { existsSync } from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { runRoute, visitorAs, type TestVisitor } from "../../../tests/setup/visitor";
import { emailBodies, emailOutbox, events, posts, publicContentVersion } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { POST_MESSAGES, type EditablePost } from "~/modules/posts";
import { filePath } from "~/modules/storage/storage.server";
import { action as autosave } from "./studio-post-autosave";
import { action as editorAction, loader as editorLoader } from "./studio-post-editor";
import { action as images } from "./studio-post-images";
import { loader as places } from "./studio-post-places";
import { action as listAction, loader as listLoader } from "./studio-posts";

stubDataDir("post-images");

const db = await setupTestDatabase();

const editorPath = (postId: string) => `/studio/posts/postId/${postId}`;

async function creator() {
  const { profile } = await createCreator(db);
  return { profile, visitor: await visitorAs(db, profile.id) };
}

/** "New post" on /studio/posts: the draft's id, from the editor it opens. */
async function newPost(visitor: TestVisitor): Promise<string> {
  const outcome = await runRoute(visitor, "/studio/posts", listAction, { form: { intent: "create" } });
  expect(outcome).toMatchObject({ status: 303, location: expect.stringMatching(/^\/studio\/posts\/postId\/[0-9a-f-]{36}$/) });
  return outcome.location!.split("/").at(-1)!;
}

const row = async (postId: string) => (await db.select().from(posts).where(eq(posts.id, postId)))[0];
const contentVersion = async () => Number((await db.select().from(publicContentVersion))[0].version);

function save(visitor: TestVisitor, postId: string, fields: Record<string, string>) {
  return runRoute(visitor, `${editorPath(postId)}/autosave`, autosave, { params: { postId }, form: { visibility: "public", bodyMarkdown: "", ...fields } });
}

function editor(visitor: TestVisitor, postId: string, form: Record<string, string>) {
  return runRoute(visitor, editorPath(postId), editorAction, { params: { postId }, form });
}

describe("writing a post in the Studio", () => {
  it("makes a new draft, 'Untitled post', with a slug of its own, and opens it in the editor", async () => {
    const { visitor } = await creator();
    const first = await newPost(visitor);
    const second = await newPost(visitor);
    expect(await row(first)).toMatchObject({ title: "Untitled post", slug: "untitled-post", publishedAt: null, visibility: "public", version: 1 });
    expect((await row(second)).slug).toBe("untitled-post-2");
    const page = await runRoute(visitor, editorPath(first), editorLoader, { params: { postId: first } });
    expect(page).toMatchObject({ status: 200, data: { post: { id: first, title: "Untitled post", status: "draft", version: 1 }, cards: {} } });
  });

  it("autosaves the title, body and visibility with a version check; a stale save gets the server's copy", async () => {
    const { visitor } = await creator();
    const postId = await newPost(visitor);
    const saved = await save(visitor, postId, { title: "Five coves", bodyMarkdown: "## Low tide\n\nGo **early**.", visibility: "premium", version: "1" });
    expect(saved).toMatchObject({
      status: 200,
      data: {
        ok: true,
        value: { title: "Five coves", bodyMarkdown: "## Low tide\n\nGo **early**.", visibility: "premium" },
        version: 2,
        post: { slug: "five-coves" },
      },
    });
    const stale = await save(visitor, postId, { title: "Another tab", version: "1" });
    expect(stale).toMatchObject({ status: 409, data: { conflict: true, current: { title: "Five coves", visibility: "premium" }, version: 2 } });
    expect(await row(postId)).toMatchObject({ title: "Five coves", version: 2 });
  });

  it("refuses an empty title with a clear message and changes nothing, whichever way it is posted", async () => {
    const { visitor } = await creator();
    const postId = await newPost(visitor);
    await save(visitor, postId, { title: "Kept title", bodyMarkdown: "Kept body", version: "1" });
    const before = await row(postId);
    expect(await save(visitor, postId, { title: "   ", bodyMarkdown: "Lost", version: "2" })).toMatchObject({
      status: 400,
      data: { error: POST_MESSAGES.titleRequired, fieldErrors: { title: POST_MESSAGES.titleRequired } },
    });
    expect(await editor(visitor, postId, { intent: "save", title: "", bodyMarkdown: "Lost", visibility: "public", version: "2" })).toMatchObject({
      status: 400,
      data: { ok: false, error: POST_MESSAGES.titleRequired, values: { title: "", bodyMarkdown: "Lost" } },
    });
    expect(await editor(visitor, postId, { intent: "publish", title: "", bodyMarkdown: "Lost", visibility: "public", version: "2" })).toMatchObject({
      status: 400,
      data: { error: POST_MESSAGES.titleRequired },
    });
    expect(await row(postId)).toEqual(before);
  });

  it("keeps the slug following the title until the post is published, then fixed", async () => {
    const { visitor } = await creator();
    const postId = await newPost(visitor);
    await save(visitor, postId, { title: "Winter in Lisbon", version: "1" });
    expect((await row(postId)).slug).toBe("winter-in-lisbon");
    expect(await editor(visitor, postId, { intent: "publish" })).toMatchObject({ status: 200, data: { ok: true } });
    const published = await row(postId);
    expect(published.firstPublishedAt).not.toBeNull();
    await save(visitor, postId, { title: "Winter in Lisbon and Porto", version: String(published.version) });
    expect(await row(postId)).toMatchObject({ title: "Winter in Lisbon and Porto", slug: "winter-in-lisbon" });
    // Another post of the same title gets the next free slug.
    const other = await newPost(visitor);
    await save(visitor, other, { title: "Winter in Lisbon", version: "1" });
    expect((await row(other)).slug).toBe("winter-in-lisbon-2");
  });

  it("publishes now, schedules (a time past publishes now), unpublishes keeping the email mark, and deletes", async () => {
    const { visitor } = await creator();
    const postId = await newPost(visitor);
    const zoned = { timeZone: "Europe/Madrid" };

    const ahead = new Date(Date.now() + 3 * 86_400_000);
    const local = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Madrid", dateStyle: "short", timeStyle: "short" }).format(ahead).replace(" ", "T");
    expect(await editor(visitor, postId, { intent: "schedule", scheduleAt: local, ...zoned })).toMatchObject({
      status: 200,
      data: { ok: true, message: expect.stringContaining("Scheduled for") },
    });
    const scheduled = await row(postId);
    expect(Math.abs(scheduled.publishedAt!.getTime() - ahead.getTime())).toBeLessThan(60_000);
    const page = await runRoute(visitor, editorPath(postId), editorLoader, { params: { postId } });
    expect((page.data as { post: EditablePost }).post.status).toBe("scheduled");
    // Not out yet: the title still moves the slug.
    await save(visitor, postId, { title: "Spring walks", version: String(scheduled.version) });
    expect((await row(postId)).slug).toBe("spring-walks");

    expect(await editor(visitor, postId, { intent: "schedule", scheduleAt: "2020-01-01T10:00", ...zoned })).toMatchObject({
      status: 200,
      data: { ok: true, message: "That time has already passed, so it was published now." },
    });
    const published = await row(postId);
    expect(published.publishedAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(published.publishedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);

    // The email job marks it sent; unpublishing keeps the mark, so publishing again never emails twice.
    const emailedAt = new Date();
    await db.update(posts).set({ emailedAt }).where(eq(posts.id, postId));
    expect(await editor(visitor, postId, { intent: "unpublish" })).toMatchObject({ status: 200, data: { ok: true } });
    expect(await row(postId)).toMatchObject({ publishedAt: null, emailedAt, slug: "spring-walks" });
    expect(await editor(visitor, postId, { intent: "publish" })).toMatchObject({ status: 200 });
    expect((await row(postId)).emailedAt).toEqual(emailedAt);

    expect(await editor(visitor, postId, { intent: "schedule", scheduleAt: "", ...zoned })).toMatchObject({
      status: 400,
      data: { error: POST_MESSAGES.scheduleMissing },
    });
    expect(await editor(visitor, postId, { intent: "delete" })).toEqual({ status: 303, location: "/studio/posts?deleted=1" });
    expect(await row(postId)).toBeUndefined();
  });

  it("publishes the text posted with the button before JavaScript ran, in the same step", async () => {
    const { visitor } = await creator();
    const postId = await newPost(visitor);
    expect(
      await editor(visitor, postId, { intent: "publish", title: "Posted without scripts", bodyMarkdown: "Hello", visibility: "supporters", version: "1" }),
    ).toMatchObject({ status: 200, data: { ok: true } });
    expect(await row(postId)).toMatchObject({
      title: "Posted without scripts",
      bodyMarkdown: "Hello",
      visibility: "supporters",
      slug: "posted-without-scripts",
    });
    expect((await row(postId)).publishedAt).not.toBeNull();
    // A stale copy with other text is not published over a newer one.
    expect(
      await editor(visitor, postId, { intent: "unpublish", title: "Old text", bodyMarkdown: "Hello", visibility: "supporters", version: "1" }),
    ).toMatchObject({
      status: 409,
      data: { error: POST_MESSAGES.changedElsewhere },
    });
    expect((await row(postId)).publishedAt).not.toBeNull();
  });

  it("bumps the public content version when what the public sees changes, and not for a draft's autosaves", async () => {
    const { visitor } = await creator();
    const postId = await newPost(visitor);
    let version = await contentVersion();
    const bumped = async () => {
      const now = await contentVersion();
      const changed = now > version;
      version = now;
      return changed;
    };
    await save(visitor, postId, { title: "Draft only", version: "1" });
    expect(await bumped()).toBe(false);
    await editor(visitor, postId, { intent: "publish" });
    expect(await bumped()).toBe(true);
    await save(visitor, postId, { title: "Edited after publishing", version: "2" });
    expect(await bumped()).toBe(true);
    await editor(visitor, postId, { intent: "unpublish" });
    expect(await bumped()).toBe(true);
    await editor(visitor, postId, { intent: "publish" });
    await bumped();
    await editor(visitor, postId, { intent: "delete" });
    expect(await bumped()).toBe(true);
    const draft = await newPost(visitor);
    await bumped();
    await editor(visitor, draft, { intent: "delete" });
    expect(await bumped()).toBe(false);
  });
});

describe("another creator's post", () => {
  it("is a 404 in the Studio, and their posts to its endpoints change nothing", async () => {
    const owner = await creator();
    const postId = await newPost(owner.visitor);
    await save(owner.visitor, postId, { title: "Mine", bodyMarkdown: "Private draft", version: "1" });
    const before = await row(postId);
    const { profile: otherProfile } = await createCreator(db);
    await createMap(db, { ownerId: otherProfile.id }, { spots: 1 });
    const stranger = await visitorAs(db, otherProfile.id);
    const params = { postId };

    await expect(runRoute(stranger, editorPath(postId), editorLoader, { params })).rejects.toMatchObject({ init: { status: 404 } });
    await expect(runRoute(stranger, editorPath("not-a-uuid"), editorLoader, { params: { postId: "not-a-uuid" } })).rejects.toMatchObject({
      init: { status: 404 },
    });
    expect(await save(stranger, postId, { title: "Taken", version: "2" })).toMatchObject({ status: 404 });
    expect(await save(stranger, postId, { title: "", version: "2" })).toMatchObject({ status: 404 });
    for (const form of <Record<string, string>[]>[
      { intent: "save", title: "Taken", bodyMarkdown: "", visibility: "public", version: "2" },
      { intent: "publish" },
      { intent: "publish", title: "Taken", bodyMarkdown: "x", visibility: "public", version: "2" },
      { intent: "schedule", scheduleAt: "2030-01-01T10:00", timeZone: "UTC" },
      { intent: "unpublish" },
      { intent: "delete" },
      { intent: "insert-place", place: "map:00000000-0000-4000-8000-000000000000" },
    ])
      await expect(editor(stranger, postId, form), form.intent).rejects.toMatchObject({ init: { status: 404 } });
    const upload = new FormData();
    upload.set("image", new File([new Uint8Array(await png())], "cove.png", { type: "image/png" }));
    const { response } = await stranger.request(`${editorPath(postId)}/images`, (request, context) => images({ request, context, params } as never), {
      method: "POST",
      body: upload,
    });
    expect(response.status).toBe(404);
    const { response: search } = await stranger.request(`${editorPath(postId)}/places`, (request, context) => places({ request, context, params } as never));
    expect(search.status).toBe(404);
    expect(await row(postId)).toEqual(before);

    // Nor does the owner's list show anyone else's posts.
    expect(await runRoute(stranger, "/studio/posts", listLoader)).toMatchObject({ data: { posts: [], hasPosts: false } });
  });
});

const png = (width = 1200, height = 800) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 160 } } })
    .png()
    .toBuffer();

describe("images and cards in the body", () => {
  it("stores an uploaded image as variants, checked by its bytes, and answers the markdown to insert", async () => {
    const { visitor } = await creator();
    const postId = await newPost(visitor);
    const params = { postId };
    const post = (form: FormData) =>
      visitor.request(`${editorPath(postId)}/images`, (request, context) => images({ request, context, params } as never), { method: "POST", body: form });

    const good = new FormData();
    good.set("image", new File([new Uint8Array(await png())], "anything.txt", { type: "text/plain" }));
    good.set("alt", "The cove at [dawn]");
    const { response } = await post(good);
    const body = (await response.json()) as { markdown: string; src: string };
    expect(response.status).toBe(200);
    expect(body.markdown).toMatch(/^!\[The cove at \\\[dawn\\\]\]\(\/uploads\/post-images\/[0-9a-f]{2}\/[0-9a-f-]{36}-800\.webp\)$/);
    const key = body.src.replace("/uploads/post-images/", "");
    expect(existsSync(filePath("post-images", key)!)).toBe(true);
    expect(existsSync(filePath("post-images", key.replace("-800.webp", "-160.webp"))!)).toBe(true);
    expect((await sharp(filePath("post-images", key)!).metadata()).format).toBe("webp");

    const fake = new FormData();
    fake.set("image", new File([new TextEncoder().encode("<svg onload=alert(1)>")], "photo.png", { type: "image/png" }));
    const refused = await post(fake);
    expect(refused.response.status).toBe(400);
    expect(await refused.response.json()).toEqual({ error: "Upload a JPEG, PNG, WebP, HEIC or AVIF image" });

    // Deleting the post removes its images.
    await save(visitor, postId, { title: "With a picture", bodyMarkdown: `Intro\n\n${body.markdown}`, version: "1" });
    await editor(visitor, postId, { intent: "delete" });
    expect(existsSync(filePath("post-images", key)!)).toBe(false);
  });

  it("adds an image or a picked map at the end of the body for forms posted without JavaScript", async () => {
    const { profile, visitor } = await creator();
    const { map, spots } = await createMap(db, { ownerId: profile.id, title: "Coves [of] Sardinia" }, { spots: 2 });
    const postId = await newPost(visitor);
    const params = { postId };

    const upload = new FormData();
    upload.set("image", new File([new Uint8Array(await png(300, 200))], "small.png"));
    upload.set("alt", "Small");
    upload.set("return", "page");
    const { response } = await visitor.request(`${editorPath(postId)}/images`, (request, context) => images({ request, context, params } as never), {
      method: "POST",
      body: upload,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`${editorPath(postId)}#body`);

    const found = await runRoute(visitor, `${editorPath(postId)}?find=spot%202`, editorLoader, { params });
    expect((found.data as { places: { kind: string; id: string }[] }).places).toEqual([expect.objectContaining({ kind: "spot", id: spots[1].id })]);
    expect(await editor(visitor, postId, { intent: "insert-place", place: `map:${map.id}` })).toMatchObject({ status: 303 });
    expect(await editor(visitor, postId, { intent: "insert-place", place: `spot:${spots[1].id}` })).toMatchObject({ status: 303 });
    const { bodyMarkdown } = await row(postId);
    expect(bodyMarkdown.split("\n\n")).toEqual([
      expect.stringMatching(/^!\[Small\]\(\/uploads\/post-images\/[0-9a-f]{2}\/[0-9a-f-]{36}-\d+\.webp\)$/),
      `[Coves \\[of\\] Sardinia](/maps/${map.currentSlug})`,
      `[Spot 2 of Coves \\[of\\] Sardinia](/maps/${map.currentSlug}/spots/${spots[1].slug})`,
    ]);

    // The editor's preview shows them as cards, as the post's readers will see them.
    const page = await runRoute(visitor, editorPath(postId), editorLoader, { params });
    expect((page.data as { cards: Record<string, unknown> }).cards).toMatchObject({
      [`/maps/${map.currentSlug}`]: { kind: "map", title: "Coves [of] Sardinia", spotCount: 2 },
      [`/maps/${map.currentSlug}/spots/${spots[1].slug}`]: { kind: "spot", access: "full", name: spots[1].name },
    });
  });
});

describe("/studio/posts", () => {
  it("lists the creator's posts with status, visibility, views and opens, filtered by status", async () => {
    const { profile, visitor } = await creator();
    const draft = await newPost(visitor);
    const published = await newPost(visitor);
    const scheduled = await newPost(visitor);
    await save(visitor, published, { title: "Out now", visibility: "supporters", version: "1" });
    await editor(visitor, published, { intent: "publish" });
    await editor(visitor, scheduled, { intent: "schedule", scheduleAt: "2099-01-01T10:00", timeZone: "UTC" });

    await db.insert(events).values([
      { type: "post_viewed", targetType: "post", targetId: published },
      { type: "post_viewed", targetType: "post", targetId: published },
      { type: "map_viewed", targetType: "map", targetId: published },
    ]);
    const { user } = await createProfile(db);
    const [full] = await db
      .insert(emailBodies)
      .values({ ref: `post:${published}:full`, subject: "Out now", html: "", text: "" })
      .returning();
    const [teaser] = await db
      .insert(emailBodies)
      .values({ ref: `post:${published}:teaser`, subject: "Out now", html: "", text: "" })
      .returning();
    const message = { to: "reader@example.com", template: "post", payload: { userId: user.id } };
    await db.insert(emailOutbox).values([
      { ...message, bodyId: full.id, openedAt: new Date() },
      { ...message, bodyId: teaser.id, openedAt: new Date() },
      { ...message, bodyId: teaser.id },
    ]);

    const all = await runRoute(visitor, "/studio/posts", listLoader);
    const rows = (all.data as { posts: { id: string; status: string; visibility: string; views: number; opens: number }[] }).posts;
    expect(rows.map((r) => r.id).sort()).toEqual([draft, published, scheduled].sort());
    expect(rows.find((r) => r.id === published)).toMatchObject({ status: "published", visibility: "supporters", views: 2, opens: 2, title: "Out now" });
    expect(rows.find((r) => r.id === scheduled)).toMatchObject({ status: "scheduled", views: 0, opens: 0 });
    expect(rows.find((r) => r.id === draft)).toMatchObject({ status: "draft" });

    for (const [status, id] of [
      ["draft", draft],
      ["scheduled", scheduled],
      ["published", published],
    ])
      expect(await runRoute(visitor, `/studio/posts?status=${status}`, listLoader)).toMatchObject({ data: { status, hasPosts: true, posts: [{ id }] } });
    expect(profile.id).toBeTruthy();
  });
});

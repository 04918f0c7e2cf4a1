/**
 * Posts in the site search: found by their title by everyone who may know they exist (a locked
 * post shows its teaser, never its body), by their body only by those who may read it; drafts,
 * scheduled posts and hidden creators' posts are found by no one (search lists public pages only).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createCreator, createPost, createProfile } from "#db/seed/factories";
import { NO_ENTITLEMENTS, type Entitlements } from "~/modules/gate";
import { setupTestDatabase } from "../../../tests/setup/database";
import { search } from "./search.server";

const db = await setupTestDatabase({ reset: "file" });

let viewers: Record<string, Entitlements>;

beforeAll(async () => {
  const { profile: writer } = await createCreator(db, { handle: "cove_writer", displayName: "Cove Writer" });
  const { profile: hidden } = await createCreator(db, { handle: "hidden_cove_writer", isPublished: false });
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
  await createPost(db, writer.id, { title: "Lighthouse walks", bodyMarkdown: "Start at dawn.\n\nThe heron colony nests by the pier.", publishedAt: ago(30) });
  await createPost(db, writer.id, {
    title: "Premium lighthouse dinners",
    visibility: "premium",
    bodyMarkdown: "Book ahead.\n\nThe octopus at the harbour tavern is the best.",
    publishedAt: ago(20),
  });
  await createPost(db, writer.id, {
    title: "Secret lighthouse coves",
    visibility: "supporters",
    bodyMarkdown: "For my supporters.\n\nSwim to the cormorant rocks at low tide.",
    publishedAt: ago(10),
  });
  await createPost(db, writer.id, { title: "Draft lighthouse notes", bodyMarkdown: "Draft about albatrosses.", publishedAt: null });
  await createPost(db, writer.id, {
    title: "Scheduled lighthouse notes",
    bodyMarkdown: "Scheduled about puffins.",
    publishedAt: new Date(Date.now() + 3_600_000),
  });
  await createPost(db, hidden.id, { title: "Hidden lighthouse notes", bodyMarkdown: "Hidden about gannets.", publishedAt: ago(5) });
  await createPost(db, writer.id, {
    title: "Dawn at Park Güell",
    bodyMarkdown: "Before the crowds.\n\nThe café by the gate opens at seven.",
    publishedAt: ago(40),
  });
  const { user: someone } = await createProfile(db);
  const member = (over: Partial<Entitlements>): Entitlements => ({ ...NO_ENTITLEMENTS, userId: someone.id, ...over });
  viewers = {
    anonymous: NO_ENTITLEMENTS,
    premium: member({ hasActiveSubscription: true }),
    supporter: member({ hasActiveSubscription: true, supportedCreatorIds: [writer.id] }),
    writer: { ...NO_ENTITLEMENTS, userId: writer.id },
  };
});

const found = async (q: string, viewer: Entitlements) => (await search(db, q, viewer)).posts;

describe("posts in the site search", () => {
  it("are found without regard to accents, in the title and in a readable body", async () => {
    expect((await found("park guell", NO_ENTITLEMENTS)).items.map((p) => p.title)).toEqual(["Dawn at Park Güell"]);
    expect((await found("Park Gu", NO_ENTITLEMENTS)).items.map((p) => p.title)).toEqual(["Dawn at Park Güell"]);
    expect((await found("cafe gate", NO_ENTITLEMENTS)).items.map((p) => p.title)).toEqual(["Dawn at Park Güell"]);
  });

  it("are found by their title by everyone who may see them, locked ones with their teaser only", async () => {
    for (const [name, viewer] of Object.entries(viewers)) {
      const { items, count } = await found("lighthouse", viewer);
      expect(count, name).toBe(3);
      expect(items.map((p) => p.title).sort()).toEqual(["Lighthouse walks", "Premium lighthouse dinners", "Secret lighthouse coves"]);
      const secret = items.find((p) => p.title === "Secret lighthouse coves")!;
      expect(secret).toMatchObject({ teaser: "For my supporters.", locked: name !== "supporter" && name !== "writer", creator: { handle: "cove_writer" } });
      expect(JSON.stringify(items)).not.toMatch(/cormorant|octopus|heron/);
    }
  });

  it("are found by their body only by those who may read it", async () => {
    const titles = async (q: string, viewer: Entitlements) => (await found(q, viewer)).items.map((p) => p.title);
    expect(await titles("heron", viewers.anonymous)).toEqual(["Lighthouse walks"]);
    expect(await titles("octopus", viewers.anonymous)).toEqual([]);
    expect(await titles("octopus", viewers.premium)).toEqual(["Premium lighthouse dinners"]);
    expect(await titles("cormorant", viewers.premium)).toEqual([]);
    expect(await titles("cormorant", viewers.supporter)).toEqual(["Secret lighthouse coves"]);
    expect(await titles("cormorant", viewers.writer)).toEqual(["Secret lighthouse coves"]);
    expect((await found("cormorant", viewers.premium)).count).toBe(0);
  });

  it("never finds a draft, a scheduled post or a hidden creator's post, not even for its creator", async () => {
    for (const viewer of Object.values(viewers)) {
      for (const word of ["albatrosses", "puffins", "gannets", "draft", "scheduled", "hidden"]) expect((await found(word, viewer)).count).toBe(0);
    }
  });
});

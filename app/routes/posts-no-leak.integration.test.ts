/**
 * Issue 24's walk: one creator writes a public, a Premium and a supporters-only post, each body
 * holding a marker word of its own below its first paragraph, and every channel a post reaches is
 * read by every kind of viewer through the whole server (Hono, React Router, the real routes and
 * the app's own document renderer) on a real database. A marker must be exactly where its viewer
 * may read the post, and nowhere else.
 *
 * A channel is one entry of CHANNELS: what a viewer gets through it (as text, searched for the
 * markers), and where a post's body may be in it. Another channel (the post's email) is added as
 * one more entry.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createCreator, createPost, createProfile } from "#db/seed/factories";
import { creatorSupporters, followers, platformSubscriptions, user } from "#db/schema";
import type { Database } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { createFeedToken, emailDuePosts } from "~/modules/posts/index.server";
import { startEmailDelivery } from "~/modules/email/delivery.server";
import type { OutgoingEmail } from "~/modules/email/transports.server";
import { POST_VISIBILITIES, type PostVisibility } from "~/modules/posts";
import { setupTestDatabase } from "../../tests/setup/database";
import { appServerBuild } from "../../tests/setup/app-build";
import { type EdgeServer, edgeServer, sessionCookie } from "../../tests/setup/edge-server";

vi.stubEnv("BETTER_AUTH_SECRET", "a-test-secret-that-is-long-enough-for-better-auth");
resetEnvCache();
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

const db = await setupTestDatabase({ reset: "file" });

const VIEWER_KINDS = ["anonymous", "member", "premium", "supporter of this creator", "supporter of another creator", "the creator", "admin"] as const;
type ViewerKind = (typeof VIEWER_KINDS)[number];

/** Who reads the body of a published post, by visibility (DESIGN.md section 5). */
const READERS: Record<PostVisibility, readonly ViewerKind[]> = {
  public: VIEWER_KINDS,
  premium: ["premium", "supporter of this creator", "supporter of another creator", "the creator", "admin"],
  supporters: ["supporter of this creator", "the creator", "admin"],
};

interface WalkPost {
  id: string;
  slug: string;
  title: string;
  visibility: PostVisibility;
  teaser: string;
  /** A word of the body below its first paragraph: only its readers may meet it. */
  marker: string;
}

interface WalkViewer {
  kind: ViewerKind;
  userId: string | null;
  /** The session cookie a browser of this viewer sends (none for the anonymous visitor). */
  cookie: string | null;
}

interface WalkWorld {
  /** Every post email the publication job queued and the delivery worker sent, once for the walk. */
  emails?: Promise<OutgoingEmail[]>;
  db: Database;
  server: EdgeServer;
  handle: string;
  creatorId: string;
  posts: WalkPost[];
}

interface Channel {
  name: string;
  /**
   * Where a post's body may be: "readers" (exactly the viewers the gate lets read it), "public"
   * (public posts only, whoever asks) or "never" (titles and teasers only, for everyone).
   */
  body: "readers" | "public" | "never";
  /** Viewers this channel does not reach (no private feed or email for the anonymous visitor). */
  skip?: (viewer: WalkViewer) => boolean;
  /** Everything the viewer gets through the channel, as text. */
  read: (world: WalkWorld, viewer: WalkViewer) => Promise<string>;
}

/** The publication job, then the delivery worker into a transport that keeps what it is given. */
async function sendPostEmails(db: Database): Promise<OutgoingEmail[]> {
  await emailDuePosts(db);
  const sent: OutgoingEmail[] = [];
  const delivery = startEmailDelivery({
    db,
    logger: pino({ level: "silent" }),
    transport: { name: "walk", send: async (m) => void sent.push(m) },
    pollIntervalMs: 0,
    ratePerSecond: 0,
  });
  try {
    await delivery.deliverDue();
  } finally {
    await delivery.stop();
  }
  return sent;
}

const letters = (n: number) => [...randomBytes(n)].map((b) => String.fromCharCode(97 + (b % 26))).join("");

async function get(world: WalkWorld, viewer: WalkViewer, path: string, expectStatus = 200): Promise<string> {
  const response = await world.server.request(path, { headers: { ...(viewer.cookie ? { Cookie: viewer.cookie } : {}), "User-Agent": "Mozilla/5.0 (walk)" } });
  const failure = response.status === expectStatus ? "" : JSON.stringify(world.server.lines.filter((l) => l.level >= 50).at(-1)?.err ?? "");
  expect(response.status, `${viewer.kind}: GET ${path} ${failure}`).toBe(expectStatus);
  return response.text();
}

const postPath = (world: WalkWorld, post: WalkPost) => `/@${world.handle}/posts/${post.slug}`;

/** The document's head: its title, meta tags, Open Graph and JSON-LD. */
const headOf = (html: string) => {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1];
  expect(head, "a rendered document with a head").toBeTruthy();
  return head!;
};

/** What search answers when asked for a post's marker: the post is there only if its body matched. */
function foundByMarker(results: { posts: { items: { id: string }[] } }, post: WalkPost): string {
  return results.posts.items.some((hit) => hit.id === post.id) ? `found ${post.marker}` : "";
}

const CHANNELS: Channel[] = [
  {
    name: "the post's page (HTML, with its hydration data)",
    body: "readers",
    read: async (world, viewer) => (await Promise.all(world.posts.map((p) => get(world, viewer, postPath(world, p))))).join("\n"),
  },
  {
    name: "the post's .data (single fetch)",
    body: "readers",
    read: async (world, viewer) => (await Promise.all(world.posts.map((p) => get(world, viewer, `${postPath(world, p)}.data`)))).join("\n"),
  },
  {
    name: "the post page's meta tags, Open Graph and JSON-LD",
    body: "never",
    read: async (world, viewer) => (await Promise.all(world.posts.map(async (p) => headOf(await get(world, viewer, postPath(world, p)))))).join("\n"),
  },
  {
    name: "the creator's Posts tab (HTML and .data)",
    body: "never",
    read: async (world, viewer) => [await get(world, viewer, `/@${world.handle}/posts`), await get(world, viewer, `/@${world.handle}/posts.data`)].join("\n"),
  },
  {
    name: "search, /api/search (found by a body word; what a hit says)",
    body: "readers",
    read: async (world, viewer) => {
      const out: string[] = [];
      for (const post of world.posts) {
        const response = await world.server.request(`/api/search?q=${post.marker}`, { headers: viewer.cookie ? { Cookie: viewer.cookie } : {} });
        const { query: _query, ...results } = (await response.json()) as { query: string; posts: { items: { id: string }[] } };
        out.push(foundByMarker(results, post), JSON.stringify(results));
      }
      return out.join("\n");
    },
  },
  {
    name: "search, the /search page",
    body: "readers",
    read: async (world, viewer) => {
      const out: string[] = [];
      for (const post of world.posts) {
        const html = await get(world, viewer, `/search?q=${post.marker}`);
        // The page repeats the query (its title, its box): what counts is whether it links to the post.
        out.push(html.includes(`href="${postPath(world, post)}"`) ? `found ${post.marker}` : "");
        const results = /data-testid="search-results"[\s\S]*<\/main>/.exec(html)?.[0] ?? "";
        out.push(results.replaceAll(post.marker, ""));
      }
      return out.join("\n");
    },
  },
  {
    name: "My Atlas's From creators you follow (HTML and .data)",
    body: "never",
    skip: (viewer) => viewer.userId === null || viewer.kind === "the creator",
    read: async (world, viewer) => {
      const html = await get(world, viewer, "/atlas");
      // The walk's viewers follow the creator: their Atlas lists the three posts.
      for (const post of world.posts) expect(html).toContain(post.title);
      return [html, await get(world, viewer, "/atlas.data")].join("\n");
    },
  },
  {
    name: "the sitemap",
    body: "never",
    read: (world, viewer) => get(world, viewer, "/sitemap.xml"),
  },
  {
    name: "the creator's public feed",
    body: "public",
    read: (world, viewer) => get(world, viewer, `/@${world.handle}/posts/feed.xml`),
  },
  {
    name: "the viewer's private feed of the creator",
    body: "readers",
    skip: (viewer) => viewer.userId === null,
    read: async (world, viewer) => {
      const made = await createFeedToken(world.db, viewer.userId!, world.creatorId);
      if (!made.ok) throw new Error(made.error);
      return get(world, viewer, `/feeds/${made.token}`);
    },
  },
  {
    name: "the post's email (as the delivery worker sends it: subject, HTML, text, headers)",
    body: "readers",
    // The creator is not emailed their own post, and an anonymous visitor has no address.
    skip: (viewer) => viewer.userId === null || viewer.kind === "the creator",
    read: async (world, viewer) => {
      const sent = await (world.emails ??= sendPostEmails(world.db));
      const [{ email }] = await world.db.select({ email: user.email }).from(user).where(eq(user.id, viewer.userId!));
      const theirs = sent.filter((m) => m.to === email);
      // Every follower gets every post: the body, or its teaser and a link.
      expect(theirs.map((m) => m.subject).sort()).toEqual(world.posts.map((p) => `Walker: ${p.title}`).sort());
      return theirs.map((m) => JSON.stringify(m)).join("\n");
    },
  },
];

/** Whether `viewer` may meet `post`'s marker through a channel. */
function expected(channel: Channel, viewer: WalkViewer, post: WalkPost): boolean {
  switch (channel.body) {
    case "never":
      return false;
    case "public":
      return post.visibility === "public";
    case "readers":
      return READERS[post.visibility].includes(viewer.kind);
  }
}

const world = {} as WalkWorld;
const viewers: WalkViewer[] = [];

beforeAll(async () => {
  const tag = letters(8);
  const { profile: creator, user: creatorUser } = await createCreator(db, { handle: `walker${tag}`, displayName: "Walker" });
  const { profile: other } = await createCreator(db, { handle: `other${tag}` });
  world.db = db;
  world.handle = creator.handle!;
  world.creatorId = creator.id;
  world.posts = [];
  for (const visibility of POST_VISIBILITIES) {
    const marker = `leak${visibility}${letters(10)}`;
    const teaser = `The ${visibility} post begins here, for everyone who may see it.`;
    const row = await createPost(db, creator.id, {
      title: `A ${visibility} post by the walker`,
      visibility,
      bodyMarkdown: `${teaser}\n\n## Further down\n\nOnly its readers meet the word ${marker} in this paragraph.`,
    });
    world.posts.push({ id: row.id, slug: row.slug, title: row.title, visibility, teaser, marker });
  }

  const person = async (name: string, isAdmin = false) => (await createProfile(db, { handle: null, isAdmin }, { email: `${name}-${tag}@walk.example` })).user;
  const users = {
    member: await person("member"),
    premium: await person("premium"),
    "supporter of this creator": await person("supporter"),
    "supporter of another creator": await person("other-supporter"),
    "the creator": creatorUser,
    admin: await person("admin", true),
  };
  const people: Record<ViewerKind, string | null> = { anonymous: null, ...Object.fromEntries(Object.entries(users).map(([k, u]) => [k, u.id])) } as Record<
    ViewerKind,
    string | null
  >;
  await db.insert(platformSubscriptions).values({ userId: people.premium!, tier: "premium", status: "active", interval: "month", provider: "local" });
  await db.insert(creatorSupporters).values([
    { userId: people["supporter of this creator"]!, creatorId: creator.id, status: "active", interval: "month", provider: "local" },
    { userId: people["supporter of another creator"]!, creatorId: other.id, status: "active", interval: "month", provider: "local" },
  ]);
  // Every signed-in viewer but the creator follows the creator (their Atlas shows the posts, and a post's email reaches them).
  await db
    .insert(followers)
    .values(Object.entries(users).flatMap(([kind, u]) => (kind === "the creator" ? [] : [{ userId: u.id, creatorId: creator.id, status: "active" as const }])));
  for (const kind of VIEWER_KINDS) {
    const user = kind === "anonymous" ? null : users[kind];
    viewers.push({ kind, userId: people[kind], cookie: user ? await sessionCookie(db, user.email) : null });
  }
  world.server = await edgeServer(db, { build: await appServerBuild({ documents: true }) });
}, 120_000);

describe("a post's body reaches exactly the viewers who may read it, by every channel", () => {
  for (const channel of CHANNELS) {
    describe(channel.name, () => {
      for (const kind of VIEWER_KINDS) {
        it(kind, async () => {
          const viewer = viewers.find((v) => v.kind === kind)!;
          if (channel.skip?.(viewer)) return;
          const text = await channel.read(world, viewer);
          for (const post of world.posts) {
            expect(text.includes(post.marker), `${post.visibility} post's body`).toBe(expected(channel, viewer, post));
          }
        });
      }
    });
  }
});

describe("what every viewer who may see a post is shown", () => {
  it("its page has its title, teaser and own meta tags, a locked one with the way to unlock it", async () => {
    const anonymous = viewers.find((v) => v.kind === "anonymous")!;
    for (const post of world.posts) {
      const html = await get(world, anonymous, postPath(world, post));
      const head = headOf(html);
      expect(head).toContain(`<meta property="og:title" content="${post.title}"/>`);
      expect(head).toContain(`<meta name="description" content="${post.teaser}"/>`);
      expect(head).toContain(`<meta property="og:type" content="article"/>`);
      expect(head).toContain('"@type":"BlogPosting"');
      expect(html).toContain(post.teaser);
      expect(html.includes('data-testid="locked-post"')).toBe(post.visibility !== "public");
    }
  });

  it("the sitemap lists every published post's page, gated ones too", async () => {
    const xml = await get(world, viewers[0], "/sitemap.xml");
    for (const post of world.posts) expect(xml).toContain(`/@${world.handle}/posts/${post.slug}</loc>`);
  });

  it("search finds every post by its title, for every viewer, a locked one with its teaser only", async () => {
    for (const viewer of viewers) {
      const response = await world.server.request(`/api/search?q=${encodeURIComponent("walker post")}`, {
        headers: viewer.cookie ? { Cookie: viewer.cookie } : {},
      });
      const results = (await response.json()) as { posts: { items: { id: string; locked: boolean; teaser: string }[] } };
      for (const post of world.posts) {
        const hit = results.posts.items.find((h) => h.id === post.id);
        expect(hit, `${viewer.kind}: ${post.visibility}`).toMatchObject({ teaser: post.teaser, locked: !READERS[post.visibility].includes(viewer.kind) });
      }
    }
  });
});

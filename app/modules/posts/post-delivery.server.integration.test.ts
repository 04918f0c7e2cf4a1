/**
 * A published post reaches its creator's followers and supporters by email, once, each message
 * carrying the body only to a recipient the gate lets read it; the one-click unsubscribe leaves the
 * list at once; delivery is paced and each message carries its own RFC 8058 headers.
 */
import { describe, expect, it } from "vitest";
import pino from "pino";
import { eq, inArray, sql } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubTestEnv } from "../../../tests/setup/env";
import type { Database } from "~/lib/db.server";
import { creatorSupporters, emailOutbox, followers, platformSubscriptions, posts, type Visibility } from "#db/schema";
import { createCreator, createProfile } from "#db/seed/factories";
import { startEmailDelivery } from "~/modules/email/delivery.server";
import type { EmailTransport, OutgoingEmail } from "~/modules/email/transports.server";
import { listMailbox } from "~/modules/email/mailbox.server";
import { gatePost, type PostVisibility } from "./index";
import { emailDuePosts, postEmailPreferences, setPostEmails, unsubscribeTarget } from "./index.server";
import type { Entitlements } from "~/modules/gate";

stubTestEnv({ PUBLIC_URL: "https://spotfolio.test", EMAIL_RATE_PER_SECOND: "0" });
const db = await setupTestDatabase();

const HOUR = 3_600_000;
const SECRET = (v: string) => `SECRET-${v}-cove behind the chapel`;

async function membership(table: typeof platformSubscriptions | typeof creatorSupporters, values: Record<string, unknown>) {
  await db.insert(table).values({ status: "active", interval: "month", provider: "local", ...values } as never);
}

/** A creator, and one follower of each kind the gate tells apart (plus people who must get nothing). */
async function audience() {
  const { profile: creator } = await createCreator(db, { displayName: "Maya Rodriguez" });
  const { profile: other } = await createCreator(db);
  const kinds = ["member", "premium", "supporter", "supporter of another", "admin", "opted out", "trialing supporter"] as const;
  const people: Record<string, { id: string; email: string; entitlements: Entitlements }> = {};
  for (const kind of kinds) {
    const { user } = await createProfile(db, { isAdmin: kind === "admin" });
    const ent: Entitlements = { userId: user.id, isAdmin: kind === "admin", hasActiveSubscription: false, supportedCreatorIds: [] };
    if (kind === "premium") {
      await membership(platformSubscriptions, { userId: user.id });
      ent.hasActiveSubscription = true;
    }
    if (kind === "supporter" || kind === "trialing supporter") {
      await membership(creatorSupporters, { userId: user.id, creatorId: creator.id, status: kind === "supporter" ? "active" : "trialing" });
      ent.hasActiveSubscription = true;
      ent.supportedCreatorIds = [creator.id];
    }
    if (kind === "supporter of another") {
      await membership(creatorSupporters, { userId: user.id, creatorId: other.id });
      ent.hasActiveSubscription = true;
      ent.supportedCreatorIds = [other.id];
    }
    // Supporters of this creator hear from them without following; everyone else follows.
    if (!kind.includes("supporter") || kind === "supporter of another") await db.insert(followers).values({ userId: user.id, creatorId: creator.id });
    if (kind === "opted out") await setPostEmails(db, user.id, creator.id, false);
    people[kind] = { id: user.id, email: user.email, entitlements: ent };
  }
  // Neither following nor supporting; a former follower; a supporter whose support ended.
  await createProfile(db);
  const { user: former } = await createProfile(db);
  await db.insert(followers).values({ userId: former.id, creatorId: creator.id, status: "inactive" });
  const { user: lapsed } = await createProfile(db);
  await membership(creatorSupporters, { userId: lapsed.id, creatorId: creator.id, status: "canceled" });
  return { creator, people };
}

async function post(db: Database, creatorId: string, visibility: Visibility, publishedAt: Date | null, title = `A ${visibility} post`) {
  const [row] = await db
    .insert(posts)
    .values({
      creatorId,
      title,
      slug: `${visibility}-${Math.random().toString(36).slice(2, 8)}`,
      visibility,
      publishedAt,
      bodyMarkdown: `First paragraph of the ${visibility} post.\n\n${SECRET(visibility)}`,
    })
    .returning();
  return row;
}

/** Each message of a post as its recipient gets it (the shared body with their own links). */
async function messagesOf(postId: string) {
  const rows = await db
    .select({ id: emailOutbox.id, to: emailOutbox.to })
    .from(emailOutbox)
    .where(sql`${emailOutbox.bodyId} in (select id from email_bodies where ref like ${`post:${postId}:%`})`);
  const mailbox = new Map<string, { html: string; text: string; subject: string }>();
  // As the delivery worker leaves them: the local mailbox shows sent messages as they went out.
  if (rows.length)
    await db
      .update(emailOutbox)
      .set({ status: "sent" })
      .where(
        inArray(
          emailOutbox.id,
          rows.map((r) => r.id),
        ),
      );
  for (const m of await listMailbox(db, { limit: 100 })) mailbox.set(m.id, m);
  return rows.map((r) => ({ ...r, ...mailbox.get(r.id)! }));
}

describe("a published post is emailed to its creator's audience", () => {
  for (const visibility of ["public", "premium", "supporters"] as const satisfies readonly PostVisibility[]) {
    it(`${visibility}: one message each to followers and supporters, the body only to those the gate lets read it`, async () => {
      const { creator, people } = await audience();
      const p = await post(db, creator.id, visibility, new Date(Date.now() - HOUR));
      const sent = await emailDuePosts(db);
      expect(sent).toEqual({ posts: 1, recipients: 6 });

      const messages = await messagesOf(p.id);
      const byEmail = new Map(messages.map((m) => [m.to, m]));
      expect(messages).toHaveLength(6);
      expect(byEmail.has(people["opted out"].email)).toBe(false);
      for (const [kind, person] of Object.entries(people)) {
        if (kind === "opted out") continue;
        const message = byEmail.get(person.email);
        expect(message, kind).toBeDefined();
        const gated = gatePost(person.entitlements, { ...p, visibility, creatorPublished: true }, new Date());
        const reads = gated?.access === "full";
        expect(message!.html.includes(SECRET(visibility)), `${kind} html`).toBe(reads);
        expect(message!.text.includes(SECRET(visibility)), `${kind} text`).toBe(reads);
        expect(message!.subject).toBe(`Maya Rodriguez: A ${visibility} post`);
        // Everyone gets the teaser and the link to the post, and their own unsubscribe link.
        expect(message!.text).toContain(`First paragraph of the ${visibility} post.`);
        expect(message!.html).toContain(`https://spotfolio.test/@${creator.handle}/posts/${p.slug}`);
        expect(message!.html).toContain(`https://spotfolio.test/email/unsubscribe/${message!.id}`);
      }
      const [row] = await db.select().from(posts).where(eq(posts.id, p.id));
      expect(row.emailRecipients).toBe(6);
      expect(row.emailedAt).not.toBeNull();
    });
  }

  it("emails a post once: again, concurrently, and after unpublishing and publishing again", async () => {
    const { creator } = await audience();
    const p = await post(db, creator.id, "public", new Date(Date.now() - HOUR));
    const runs = await Promise.all([emailDuePosts(db), emailDuePosts(db), emailDuePosts(db)]);
    expect(runs.reduce((n, r) => n + r.posts, 0)).toBe(1);
    expect(await emailDuePosts(db)).toEqual({ posts: 0, recipients: 0 });
    await db.update(posts).set({ publishedAt: null }).where(eq(posts.id, p.id));
    await db.update(posts).set({ publishedAt: new Date() }).where(eq(posts.id, p.id));
    expect(await emailDuePosts(db)).toEqual({ posts: 0, recipients: 0 });
    expect(await messagesOf(p.id)).toHaveLength(6);
  });

  it("sends a scheduled post when its time comes, never a draft, a deleted post or an unpublished creator's", async () => {
    const { creator } = await audience();
    const { profile: hidden } = await createCreator(db, { isPublished: false });
    const scheduled = await post(db, creator.id, "public", new Date(Date.now() + 2 * HOUR));
    await post(db, creator.id, "public", null, "A draft");
    const deleted = await post(db, creator.id, "public", new Date(Date.now() + HOUR));
    await post(db, hidden.id, "public", new Date(Date.now() - HOUR));
    expect((await emailDuePosts(db)).posts).toBe(0);
    await db.delete(posts).where(eq(posts.id, deleted.id));
    const later = await emailDuePosts(db, new Date(Date.now() + 3 * HOUR));
    expect(later.posts).toBe(1);
    expect(await messagesOf(scheduled.id)).toHaveLength(6);
  });
});

describe("unsubscribing", () => {
  it("the message's link leaves that creator's list at once; preferences show it and can undo it", async () => {
    const { creator, people } = await audience();
    const first = await post(db, creator.id, "public", new Date(Date.now() - HOUR));
    await emailDuePosts(db);
    const message = (await messagesOf(first.id)).find((m) => m.to === people.member.email)!;
    const target = await unsubscribeTarget(db, message.id);
    expect(target).toMatchObject({ userId: people.member.id, creatorId: creator.id, creatorName: "Maya Rodriguez", subscribed: true });
    await setPostEmails(db, target!.userId, target!.creatorId, false);
    expect((await unsubscribeTarget(db, message.id))?.subscribed).toBe(false);
    expect((await postEmailPreferences(db, people.member.id)).creators).toEqual([expect.objectContaining({ creatorId: creator.id, subscribed: false })]);

    const second = await post(db, creator.id, "public", new Date(Date.now() - HOUR / 2));
    await emailDuePosts(db);
    expect((await messagesOf(second.id)).map((m) => m.to)).not.toContain(people.member.email);

    // Turning every creator's posts off stops them too; turning the creator back on is not enough then.
    await setPostEmails(db, people.member.id, creator.id, true);
    await setPostEmails(db, people.premium.id, null, false);
    const third = await post(db, creator.id, "public", new Date(Date.now() - HOUR / 4));
    await emailDuePosts(db);
    const to = (await messagesOf(third.id)).map((m) => m.to);
    expect(to).toContain(people.member.email);
    expect(to).not.toContain(people.premium.email);
  });

  it("a link that is not a post email's opens nothing", async () => {
    expect(await unsubscribeTarget(db, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });
});

describe("delivery of a post's messages", () => {
  it("each message carries its own List-Unsubscribe (RFC 8058) and links, at the configured pace", async () => {
    const { creator } = await audience();
    await post(db, creator.id, "public", new Date(Date.now() - HOUR));
    await emailDuePosts(db);
    const sent: { email: OutgoingEmail; at: number }[] = [];
    const transport: EmailTransport = { name: "recording", send: async (email) => void sent.push({ email, at: performance.now() }) };
    const rate = 40;
    const delivery = startEmailDelivery({ db, logger: pino({ level: "silent" }), transport, pollIntervalMs: 0, ratePerSecond: rate });
    try {
      await delivery.deliverDue();
    } finally {
      await delivery.stop();
    }
    expect(sent).toHaveLength(6);
    for (const { email } of sent) {
      const url = `https://spotfolio.test/email/unsubscribe/${email.id}`;
      expect(email.headers).toEqual({ "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
      expect(email.html).toContain(url);
      expect(email.html).toContain(`https://spotfolio.test/email/open/${email.id}.gif`);
      expect(email.text).toContain(url);
      expect(email.html).not.toContain("{{");
    }
    // Six messages at 40 a second take at least five gaps of 25 ms.
    expect(sent[5].at - sent[0].at).toBeGreaterThanOrEqual((5 * 1000) / rate - 1);
  });
});

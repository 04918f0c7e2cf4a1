/**
 * The links at the foot of a creator's post email, through the whole server: the unsubscribe page
 * (a GET changes nothing: link scanners open every link), the RFC 8058 one-click POST a mail client
 * sends without a page, the open image; and the email preferences page on /account.
 */
import { describe, expect, it } from "vitest";
import { and, eq, isNotNull } from "drizzle-orm";
import { setupTestDatabase } from "../../../tests/setup/database";
import { edgeServer, sessionCookie } from "../../../tests/setup/edge-server";
import { stubTestEnv } from "../../../tests/setup/env";
import { emailOptouts, emailOutbox, followers, posts } from "#db/schema";
import { createCreator, createProfile } from "#db/seed/factories";
import { emailDuePosts } from "~/modules/posts/index.server";
import { runRoute, visitorAs } from "../../../tests/setup/visitor";
import { action as emailsAction, loader as emailsLoader } from "../account/account-emails";

stubTestEnv({ EMAIL_RATE_PER_SECOND: "0" });
const db = await setupTestDatabase();
const server = await edgeServer(db);

/** A creator with one follower, and the follower's message of a just-published post. */
async function emailedFollower() {
  const { profile: creator } = await createCreator(db, { displayName: "Maya Rodriguez" });
  const { user: follower } = await createProfile(db);
  await db.insert(followers).values({ userId: follower.id, creatorId: creator.id });
  await db.insert(posts).values({
    creatorId: creator.id,
    title: "Harbour walks",
    slug: "harbour-walks",
    publishedAt: new Date(Date.now() - 60_000),
    bodyMarkdown: "Start at the lighthouse.",
  });
  await emailDuePosts(db);
  const [message] = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.to, follower.email));
  return { creator, follower, messageId: message.id };
}

const optouts = (userId: string) => db.select({ list: emailOptouts.list }).from(emailOptouts).where(eq(emailOptouts.userId, userId));

describe("the unsubscribe link", () => {
  it("asks on GET, and changes nothing until the button is pressed", async () => {
    const { follower, messageId } = await emailedFollower();
    const page = await server.request(`/email/unsubscribe/${messageId}`);
    expect(page.status).toBe(200);
    // The page's data: whose posts, and that they still come (the browser test reads the page itself).
    const data = await (await server.request(`/email/unsubscribe/${messageId}.data`)).text();
    expect(data).toContain("Maya Rodriguez");
    expect(await optouts(follower.id)).toEqual([]);
  });

  it("one click in the mail client (RFC 8058 POST, no page, no Origin) unsubscribes at once", async () => {
    const { creator, follower, messageId } = await emailedFollower();
    const answer = await server.request(`/email/unsubscribe/${messageId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(answer.status).toBeLessThan(300);
    expect(await optouts(follower.id)).toEqual([{ list: `creator-posts:${creator.id}` }]);
    // Twice is once.
    await server.request(`/email/unsubscribe/${messageId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(await optouts(follower.id)).toHaveLength(1);
  });

  it("a link of no post email is not found, and changes nothing", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-message"]) {
      expect((await server.request(`/email/unsubscribe/${id}`)).status).toBe(404);
      const posted = await server.request(`/email/unsubscribe/${id}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(posted.status).toBe(404);
    }
    expect(await db.select().from(emailOptouts)).toEqual([]);
  });
});

describe("the open image", () => {
  it("is a GIF that counts the message opened, once", async () => {
    const { messageId } = await emailedFollower();
    const image = await server.request(`/email/open/${messageId}.gif`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/gif");
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(0, 6)
        .toString(),
    ).toBe("GIF89a");
    const [first] = await db.select({ at: emailOutbox.openedAt }).from(emailOutbox).where(eq(emailOutbox.id, messageId));
    expect(first.at).toBeInstanceOf(Date);
    await server.request(`/email/open/${messageId}.gif`);
    const [again] = await db.select({ at: emailOutbox.openedAt }).from(emailOutbox).where(eq(emailOutbox.id, messageId));
    expect(again.at).toEqual(first.at);
    // Any other name answers the image and counts nothing.
    expect((await server.request("/email/open/whatever.gif")).status).toBe(200);
    expect(
      await db
        .select()
        .from(emailOutbox)
        .where(and(isNotNull(emailOutbox.openedAt), eq(emailOutbox.template, "bulk"))),
    ).toHaveLength(1);
  });
});

describe("/account/emails", () => {
  it("lists the creators a member hears from, and turns one off and on", async () => {
    const { creator, follower } = await emailedFollower();
    const cookie = await sessionCookie(db, follower.email);
    const page = await server.request("/account/emails.data", { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Maya Rodriguez");

    const post = (form: Record<string, string>) =>
      server.request("/account/emails.data", {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
        body: new URLSearchParams(form).toString(),
      });
    await post({ creatorId: creator.id, subscribed: "off" });
    expect(await optouts(follower.id)).toEqual([{ list: `creator-posts:${creator.id}` }]);
    await post({ creatorId: creator.id, subscribed: "on" });
    expect(await optouts(follower.id)).toEqual([]);
    await post({ subscribed: "off" });
    expect(await optouts(follower.id)).toEqual([{ list: "creator-posts" }]);
  });

  it("refuses a creator the member does not follow, and sends a visitor to log in", async () => {
    const { follower } = await emailedFollower();
    const { profile: stranger } = await createCreator(db);
    const cookie = await sessionCookie(db, follower.email);
    const answer = await server.request("/account/emails.data", {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      body: new URLSearchParams({ creatorId: stranger.id, subscribed: "off" }).toString(),
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("You do not follow this creator.");
    expect(await optouts(follower.id)).toEqual([]);
    const anonymous = await server.request("/account/emails");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/auth/);
  });
});

describe("/account/emails: new supporters", () => {
  it("a creator hears of new supporters by default, and turns it off and on; a member has no such choice", async () => {
    const { user: creator } = await createCreator(db);
    const visitor = await visitorAs(db, creator.id);
    const choose = (subscribed: "on" | "off") => runRoute(visitor, "/account/emails", emailsAction, { form: { list: "new-supporters", subscribed } });
    expect(await runRoute(visitor, "/account/emails", emailsLoader)).toMatchObject({ status: 200, data: { newSupporters: true } });
    expect(await choose("off")).toEqual({ status: 200, data: { error: null } });
    expect(await optouts(creator.id)).toEqual([{ list: "new-supporters" }]);
    expect(await runRoute(visitor, "/account/emails", emailsLoader)).toMatchObject({ data: { newSupporters: false } });
    await choose("on");
    expect(await optouts(creator.id)).toEqual([]);

    const { user: member } = await createProfile(db);
    const memberVisitor = await visitorAs(db, member.id);
    expect(await runRoute(memberVisitor, "/account/emails", emailsLoader)).toMatchObject({ data: { newSupporters: null } });
    expect(await runRoute(memberVisitor, "/account/emails", emailsAction, { form: { list: "new-supporters", subscribed: "off" } })).toEqual({
      status: 200,
      data: { error: "Only creators get new supporter emails." },
    });
    expect(await optouts(member.id)).toEqual([]);
    // A list nobody offers is bad input, and changes nothing.
    expect(await runRoute(visitor, "/account/emails", emailsAction, { form: { list: "everything", subscribed: "off" } })).toMatchObject({
      data: { error: "Choose whether to get these emails." },
    });
    expect(await optouts(creator.id)).toEqual([]);
  });
});

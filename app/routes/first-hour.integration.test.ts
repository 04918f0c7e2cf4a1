/**
 * Issue 28, what new users trip over, where the rule is the server's: a member without a handle
 * saves their profile on /account; a pending applicant opening /studio is told their application
 * is under review; a creator opening /creators/apply goes to the Studio; /studio/map-is-ready
 * without a map goes to the creator's maps.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/setup/database";
import { runRoute, TestVisitor } from "../../tests/setup/visitor";
import { creatorApplications, profiles } from "#db/schema";
import { createCreator, createProfile } from "#db/seed/factories";
import { ACCOUNT_MESSAGES } from "~/modules/account/validation";
import * as account from "./account/account";
import * as apply from "./public/creators-apply";
import * as mapIsReady from "./studio/map-is-ready";
import * as studioHome from "./studio/studio-home";
import * as studioLayout from "./studio/studio-layout";

type Handler = (args: never) => Promise<unknown>;
const run = (visitor: TestVisitor, path: string, handle: Handler, form?: Record<string, string>) =>
  runRoute(visitor, path, handle as (args: unknown) => Promise<unknown>, form ? { form } : {});

// Each test makes its own people: one clean database for the file.
const db = await setupTestDatabase({ reset: "file" });

async function signedIn(userId: string): Promise<TestVisitor> {
  const visitor = new TestVisitor();
  await visitor.signIn(db, userId);
  return visitor;
}

describe("/account profile: a handle is for creators", () => {
  it("a member without a handle saves their display name and bio", async () => {
    const { user } = await createProfile(db, { handle: null });
    const visitor = await signedIn(user.id);
    const outcome = await run(visitor, "/account", account.action as Handler, {
      intent: "profile",
      displayName: "Nora N.",
      handle: "",
      bio: "Walks and bakeries.",
    });
    expect(outcome).toMatchObject({ status: 200, data: { intent: "profile", ok: true } });
    const [saved] = await db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(saved).toMatchObject({ displayName: "Nora N.", bioText: "Walks and bakeries.", handle: null });
  });

  it("a member's form without a handle field saves too, and keeps no handle", async () => {
    const { user } = await createProfile(db, { handle: null });
    const visitor = await signedIn(user.id);
    expect(await run(visitor, "/account", account.action as Handler, { intent: "profile", displayName: "Omar", bio: "" })).toMatchObject({ status: 200 });
    const [saved] = await db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(saved).toMatchObject({ displayName: "Omar", bioText: null, handle: null });
  });

  it("a creator must keep a handle: a blank one is refused and nothing changes", async () => {
    const { user } = await createCreator(db, { handle: "keeps.one", displayName: "Before" });
    const visitor = await signedIn(user.id);
    expect(await run(visitor, "/account", account.action as Handler, { intent: "profile", displayName: "After", handle: " ", bio: "" })).toEqual({
      status: 400,
      data: { intent: "profile", fieldErrors: { handle: ACCOUNT_MESSAGES.handleRequired } },
    });
    const [saved] = await db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(saved).toMatchObject({ displayName: "Before", handle: "keeps.one" });
  });
});

describe("/studio before being a creator", () => {
  it("an applicant under review is told so, with the day they applied, in the layout and on /studio", async () => {
    const { user } = await createProfile(db, { isOnboarded: true });
    const appliedAt = new Date("2026-03-04T10:00:00Z");
    await db.insert(creatorApplications).values({ userId: user.id, url: "https://maps.app.goo.gl/abc", createdAt: appliedAt, updatedAt: appliedAt });
    const visitor = await signedIn(user.id);
    expect(await run(visitor, "/studio", studioLayout.loader as Handler)).toEqual({
      status: 200,
      data: { hasHandle: false, appliedAt: appliedAt.toISOString() },
    });
    expect(await run(visitor, "/studio", studioHome.loader as Handler)).toEqual({
      status: 200,
      data: { underReview: true, needsHandle: false, appliedAt: appliedAt.toISOString() },
    });
    // Still not a creator: the Studio's writes stay closed.
    expect(await run(visitor, "/studio", studioHome.action as Handler, { handle: "sneaky" })).toMatchObject({ status: 403 });
  });

  it("a rejected applicant, or a user who never applied, still gets the 403 page", async () => {
    const { user: rejected } = await createProfile(db, { isOnboarded: true });
    await db.insert(creatorApplications).values({ userId: rejected.id, url: "https://maps.app.goo.gl/no", status: "rejected" });
    const { user: never } = await createProfile(db);
    for (const id of [rejected.id, never.id]) {
      const visitor = await signedIn(id);
      expect(await run(visitor, "/studio", studioLayout.loader as Handler)).toMatchObject({ status: 403 });
      expect(await run(visitor, "/studio", studioHome.loader as Handler)).toMatchObject({ status: 403 });
    }
  });
});

describe("/creators/apply", () => {
  it("sends a creator to the Studio; members and visitors see the page", async () => {
    const { user: creator } = await createCreator(db);
    expect(await run(await signedIn(creator.id), "/creators/apply", apply.loader as Handler)).toEqual({ status: 302, location: "/studio" });
    const { user: member } = await createProfile(db);
    expect(await run(await signedIn(member.id), "/creators/apply", apply.loader as Handler)).toMatchObject({ status: 200 });
    expect(await run(new TestVisitor(), "/creators/apply", apply.loader as Handler)).toMatchObject({ status: 200 });
  });
});

describe("/studio/map-is-ready", () => {
  it("without ?map= sends the creator to their maps; another map is still a 404", async () => {
    const { user } = await createCreator(db);
    const visitor = await signedIn(user.id);
    expect(await run(visitor, "/studio/map-is-ready", mapIsReady.loader as Handler)).toEqual({ status: 302, location: "/studio/maps" });
    expect(await run(visitor, "/studio/map-is-ready?map=", mapIsReady.loader as Handler)).toEqual({ status: 302, location: "/studio/maps" });
    // notFound() throws the 404 as data for the error page.
    await expect(run(visitor, "/studio/map-is-ready?map=00000000-0000-4000-8000-000000000000", mapIsReady.loader as Handler)).rejects.toMatchObject({
      init: { status: 404 },
    });
  });
});

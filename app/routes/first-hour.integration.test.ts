/**
 * Issue 28, what new users trip over, where the rule is the server's: a member without a handle
 * saves their profile on /account; a pending applicant opening /studio is told their application
 * is under review; a creator opening /creators/apply goes to the Studio; /studio/map-is-ready
 * without a map goes to the creator's maps.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getTestDb, resetTestDb } from "../../tests/setup/database";
import { runRoute, TestVisitor } from "../../tests/setup/visitor";
import type { Database } from "~/lib/db.server";
import { profiles } from "#db/schema";
import { createCreator, createProfile } from "#db/seed/factories";
import { ACCOUNT_MESSAGES } from "~/modules/account/validation";
import * as account from "./account/account";

type Handler = (args: never) => Promise<unknown>;
const run = (visitor: TestVisitor, path: string, handle: Handler, form?: Record<string, string>) =>
  runRoute(visitor, path, handle as (args: unknown) => Promise<unknown>, form ? { form } : {});

let db: Database;
beforeAll(async () => {
  db = await getTestDb();
  await resetTestDb(db);
});

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

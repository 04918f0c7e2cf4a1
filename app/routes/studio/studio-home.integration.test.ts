import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { runRoute, TestVisitor } from "../../../tests/setup/visitor";
import { profiles } from "#db/schema";
import { createCreator } from "#db/seed/factories";
import { ACCOUNT_MESSAGES } from "~/modules/account/validation";
import { action, loader } from "./studio-home";

const db = await setupTestDatabase();

/** The loader's data, or the action's status and data, or a thrown Response's status and Location. */
function run<A>(visitor: TestVisitor, handle: (args: A) => Promise<unknown>, form?: Record<string, string>) {
  return runRoute(visitor, "/studio", handle, { form });
}

describe("/studio for a creator without a handle", () => {
  it("asks for a handle first, with the account's rules, and opens the Studio once it is set", async () => {
    const { user } = await createCreator(db, { handle: null });
    await createCreator(db, { handle: "taken.one" });
    const visitor = new TestVisitor();
    await visitor.signIn(db, user.id);

    expect(await run(visitor, loader)).toMatchObject({ status: 200, data: { needsHandle: true } });
    expect(await run(visitor, action, { handle: "No Spaces" })).toEqual({
      status: 400,
      data: { fieldErrors: { handle: ACCOUNT_MESSAGES.handleCharacters } },
    });
    expect(await run(visitor, action, { handle: "Taken.One" })).toEqual({ status: 409, data: { fieldErrors: { handle: ACCOUNT_MESSAGES.handleTaken } } });
    expect(await run(visitor, action, { handle: " New.Creator " })).toEqual({ status: 302, location: "/studio" });
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile.handle).toBe("new.creator");

    await visitor.signIn(db, user.id);
    expect(await run(visitor, loader)).toMatchObject({ status: 200, data: { needsHandle: false, handle: "new.creator" } });
  });

  it("never replaces a handle the creator already has", async () => {
    const { user } = await createCreator(db, { handle: "first" });
    const visitor = new TestVisitor();
    await visitor.signIn(db, user.id);
    await run(visitor, action, { handle: "second" });
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile.handle).toBe("first");
  });
});

import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { account } from "#db/schema";
import { createProfile } from "#db/seed/factories";
import { enableDemoAccounts } from "./demo-accounts.server";
import { confirmIdentity, identityChallenge, STEP_UP_MESSAGES } from "./step-up.server";

const db = await setupTestDatabase();

async function withPassword(password: string) {
  const { user } = await createProfile(db);
  await enableDemoAccounts(db, [user.email], password);
  return user.id;
}

describe("step-up before a sensitive change", () => {
  it("asks an account with a password for it, and checks it with better-auth's own verifier", async () => {
    const id = await withPassword("correct horse 42");
    expect(await identityChallenge(db, id)).toBe("password");
    expect(await confirmIdentity(db, id, { password: "correct horse 42" })).toEqual({ ok: true });
    expect(await confirmIdentity(db, id, { password: "correct horse 43" })).toEqual({ ok: false, field: "password", error: STEP_UP_MESSAGES.passwordWrong });
    expect(await confirmIdentity(db, id, {})).toEqual({ ok: false, field: "password", error: STEP_UP_MESSAGES.passwordRequired });
    expect(await confirmIdentity(db, id, { password: "x".repeat(10_000) })).toMatchObject({ ok: false, field: "password" });
  });

  it("counts answers against the account's password-check limit, right or wrong", async () => {
    const id = await withPassword("correct horse 42");
    for (let i = 0; i < 5; i++) await confirmIdentity(db, id, { password: i % 2 ? "correct horse 42" : "wrong" });
    expect(await confirmIdentity(db, id, { password: "correct horse 42" })).toEqual({
      ok: false,
      field: "password",
      error: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/),
    });
  });

  it("asks nothing of an account without a password: the emailed link is its step", async () => {
    const id = await withPassword("correct horse 42");
    await db.delete(account).where(and(eq(account.userId, id), eq(account.providerId, "credential")));
    expect(await identityChallenge(db, id)).toBe("none");
    expect(await confirmIdentity(db, id, {})).toEqual({ ok: true });
  });
});

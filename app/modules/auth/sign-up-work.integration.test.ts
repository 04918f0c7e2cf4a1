/**
 * Sign-up for an address that has an account answers as for a new one, after the same work
 * (issue 28, item 8): the same password hashing, the same database reads and writes (counted here,
 * never timed), the existing address's rolled back. Only the new address keeps an account and
 * gets the confirmation mail.
 */
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getTestDb, resetTestDb } from "../../../tests/setup/database";
import { countingDb } from "../../../tests/setup/counting-db";
import { account, emailOutbox, privacyPolicyAgreementAuditLog, profiles, user } from "#db/schema";
import { createProfile } from "#db/seed/factories";
import type { Database } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { getAuth } from "./auth.server";
import { signUp } from "./flows.server";

vi.stubEnv("BETTER_AUTH_SECRET", "a-test-secret-that-is-long-enough-for-better-auth");
resetEnvCache();
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

const request = () => new Request("http://localhost:3000/auth", { method: "POST" });
const PASSWORD = "a long enough password";

describe("sign-up: the same answer and the same work for a registered and a new address", () => {
  let db: Database;
  beforeEach(async () => {
    db = await getTestDb();
    await resetTestDb(db);
  });

  /** Sign up through `counted`, with better-auth's hasher counted too. */
  async function signUpCounting(email: string) {
    const counted = countingDb(db);
    const ctx = await getAuth(counted.db).$context;
    const hash = vi.spyOn(ctx.password, "hash");
    const answer = await signUp(counted.db, { email, password: PASSWORD, userType: "user", next: "/" }, request(), new RouterContextProvider());
    const hashed = hash.mock.calls.length;
    hash.mockRestore();
    return { answer, counts: counted.counts, hashed };
  }

  it("one answer, one password hash each, the same reads and writes; only the new address keeps anything", async () => {
    const { user: existing } = await createProfile(db, {}, { email: "taken@example.com" });
    const fresh = "first.time@example.com";

    const known = await signUpCounting("taken@example.com");
    const unknown = await signUpCounting(fresh);

    expect(known.answer).toEqual(unknown.answer);
    expect(unknown.answer).toEqual({ ok: true, setCookies: [] });
    expect(known.hashed).toBe(1);
    expect(unknown.hashed).toBe(1);
    expect(known.counts).toEqual(unknown.counts);
    expect(unknown.counts.insert).toBeGreaterThanOrEqual(3);

    // Nothing kept for the registered address: no second account, profile, password, agreement or mail.
    expect(await db.select({ id: user.id }).from(user).where(eq(user.email, "taken@example.com"))).toEqual([{ id: existing.id }]);
    expect(await db.select().from(account).where(eq(account.userId, existing.id))).toEqual([]);
    expect(await db.select().from(privacyPolicyAgreementAuditLog).where(eq(privacyPolicyAgreementAuditLog.userId, existing.id))).toEqual([]);
    expect((await db.select({ to: emailOutbox.to }).from(emailOutbox)).map((m) => m.to)).toEqual([fresh]);
    // The new address has its account, profile, agreement and confirmation mail.
    const [created] = await db.select({ id: user.id }).from(user).where(eq(user.email, fresh));
    expect(await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, created.id))).toHaveLength(1);
    expect(await db.select().from(privacyPolicyAgreementAuditLog).where(eq(privacyPolicyAgreementAuditLog.userId, created.id))).toHaveLength(1);
    expect((await db.select().from(user)).length).toBe(2);
  });
});

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { createMigratedPgliteOnDisk, getTestDatabaseUrl, setupTestDatabase, testDriver } from "../../../tests/setup/database";
import { emailOutbox, session, twoFactor, user } from "#db/schema";
import { adminAuditLog } from "#db/schema/audit";
import { createProfile } from "#db/seed/factories";
import { databaseOptionsFromEnv } from "~/lib/db.server";
import { getAuth } from "./auth.server";
import { enableDemoAccounts } from "./demo-accounts.server";
import { SESSION_COOKIE } from "./session-cookie";
import { confirmIdentity, identityChallenge, STEP_UP_MESSAGES } from "./step-up.server";
import { base32Decode, totpCode } from "./totp.server";
import {
  adminDisableTwoFactor,
  confirmTwoFactor,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactor,
  twoFactorState,
  TWO_FACTOR_MESSAGES,
  verifySignInCode,
} from "./two-factor.server";

const db = await setupTestDatabase();
const PASSWORD = "correct horse 42";
const context = () => new RouterContextProvider();

/** The cookies a browser would now hold, given the Set-Cookie headers of an answer. */
function cookieJar(previous: string, setCookies: string[]): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as const),
  );
  for (const line of setCookies) {
    const [pair = "", ...attributes] = line.split("; ");
    const name = pair.slice(0, pair.indexOf("="));
    const value = pair.slice(pair.indexOf("=") + 1);
    if (!value || attributes.some((a) => /^max-age=0$/i.test(a))) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

const request = (cookies: string) => new Request("http://localhost/account", { headers: { cookie: cookies } });

async function signInWithPassword(email: string, cookies = ""): Promise<{ cookies: string; twoFactor: boolean }> {
  const { headers, response } = await getAuth(db).api.signInEmail({
    body: { email, password: PASSWORD, rememberMe: true },
    headers: new Headers({ cookie: cookies }),
    returnHeaders: true,
  });
  return { cookies: cookieJar(cookies, headers.getSetCookie()), twoFactor: "twoFactorRedirect" in response };
}

/** A user with a password, signed in, who turned two-factor on: their cookies, the app's key and the recovery codes. */
async function userWithTwoFactor(email = `tf-${Math.random().toString(36).slice(2)}@example.com`) {
  const { user: created } = await createProfile(db, {}, { email });
  await enableDemoAccounts(db, [email], PASSWORD);
  let { cookies } = await signInWithPassword(email);
  const setup = await startTwoFactor(db, created.id, PASSWORD, request(cookies), context());
  if (!setup.ok) throw new Error(setup.error);
  expect(setup.qrSvg).toMatch(/^<svg/);
  expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Spotfolio:/);
  const key = base32Decode(setup.secret);
  const confirmed = await confirmTwoFactor(db, created.id, totpCode(key), request(cookies), context());
  if (!confirmed.ok) throw new Error(confirmed.error);
  cookies = cookieJar(cookies, confirmed.setCookies);
  return { id: created.id, email, key, recoveryCodes: confirmed.recoveryCodes, cookies };
}

describe("two-factor sign-in", () => {
  it("is turned on with the password and a first code, and shows ten recovery codes", async () => {
    const { user: created } = await createProfile(db, {}, { email: "ana@example.com" });
    await enableDemoAccounts(db, ["ana@example.com"], PASSWORD);
    const { cookies } = await signInWithPassword("ana@example.com");
    expect(await startTwoFactor(db, created.id, "wrong password", request(cookies), context())).toMatchObject({
      ok: false,
      field: "password",
      error: TWO_FACTOR_MESSAGES.passwordWrong,
    });
    const setup = await startTwoFactor(db, created.id, PASSWORD, request(cookies), context());
    if (!setup.ok) throw new Error(setup.error);
    // Not on until a code from the app is confirmed.
    expect(await twoFactorState(db, created.id)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(
      await confirmTwoFactor(db, created.id, "000000" === totpCode(base32Decode(setup.secret)) ? "111111" : "000000", request(cookies), context()),
    ).toMatchObject({
      ok: false,
      field: "code",
      error: TWO_FACTOR_MESSAGES.codeWrong,
    });
    const confirmed = await confirmTwoFactor(db, created.id, totpCode(base32Decode(setup.secret)), request(cookies), context());
    expect(confirmed).toMatchObject({ ok: true });
    if (!confirmed.ok) return;
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect(await twoFactorState(db, created.id)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });

  it("asks for a code after the password, refuses a wrong one, and signs in with a right one or a recovery code", async () => {
    const tf = await userWithTwoFactor();
    const first = await signInWithPassword(tf.email);
    expect(first.twoFactor).toBe(true);
    expect(first.cookies).not.toContain(`${SESSION_COOKIE}=`);
    expect(first.cookies).toContain(".two_factor=");

    const wrong = totpCode(tf.key) === "123456" ? "654321" : "123456";
    expect(await verifySignInCode(db, { code: wrong, kind: "totp", trustDevice: false }, request(first.cookies), context())).toMatchObject({
      ok: false,
      error: TWO_FACTOR_MESSAGES.codeWrong,
    });
    const right = await verifySignInCode(db, { code: totpCode(tf.key), kind: "totp", trustDevice: false }, request(first.cookies), context());
    expect(right.ok).toBe(true);
    if (!right.ok) return;
    expect(cookieJar(first.cookies, right.setCookies)).toContain(`${SESSION_COOKIE}=`);

    const second = await signInWithPassword(tf.email);
    const code = tf.recoveryCodes[0]!;
    expect((await verifySignInCode(db, { code, kind: "recovery", trustDevice: false }, request(second.cookies), context())).ok).toBe(true);
    // Spent: the same recovery code does not work twice.
    const third = await signInWithPassword(tf.email);
    expect(await verifySignInCode(db, { code, kind: "recovery", trustDevice: false }, request(third.cookies), context())).toMatchObject({
      ok: false,
      error: TWO_FACTOR_MESSAGES.recoveryCodeWrong,
    });
    expect(await twoFactorState(db, tf.id)).toEqual({ enabled: true, recoveryCodesLeft: 9 });
  });

  it("gives up a challenge after five wrong codes: the password comes first again", async () => {
    const tf = await userWithTwoFactor();
    const { cookies } = await signInWithPassword(tf.email);
    const wrong = totpCode(tf.key) === "123456" ? "654321" : "123456";
    for (let i = 0; i < 5; i++) await verifySignInCode(db, { code: wrong, kind: "totp", trustDevice: false }, request(cookies), context());
    expect(await verifySignInCode(db, { code: totpCode(tf.key), kind: "totp", trustDevice: false }, request(cookies), context())).toMatchObject({
      ok: false,
      error: TWO_FACTOR_MESSAGES.tooManyCodes,
    });
  });

  it("a trusted device is not asked again for 30 days", async () => {
    const tf = await userWithTwoFactor();
    const first = await signInWithPassword(tf.email);
    const verified = await verifySignInCode(db, { code: totpCode(tf.key), kind: "totp", trustDevice: true }, request(first.cookies), context());
    if (!verified.ok) throw new Error(verified.error);
    const browser = cookieJar(first.cookies, verified.setCookies);
    expect(browser).toContain(".trust_device=");
    const again = await signInWithPassword(tf.email, browser);
    expect(again.twoFactor).toBe(false);
    expect(again.cookies).toContain(`${SESSION_COOKIE}=`);
  });

  it("a magic link of an account with two-factor on ends at /auth/two-factor, not in a session", async () => {
    const tf = await userWithTwoFactor();
    const auth = getAuth(db);
    await auth.api.signInMagicLink({ body: { email: tf.email, callbackURL: "/studio" }, headers: new Headers() });
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.template, "magic-link"));
    const link = mail!.text.match(/https?:\/\/\S+magic-link\/verify\S+/)![0];
    const answer = await auth.handler(new Request(link.replace(/^https?:\/\/[^/]+/, "http://localhost:3000")));
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/auth/two-factor?redirectTo=%2Fstudio");
    const cookies = cookieJar("", answer.headers.getSetCookie());
    expect(cookies).not.toContain(`${SESSION_COOKIE}=`);
    expect(cookies).toContain(".two_factor=");
    expect((await verifySignInCode(db, { code: totpCode(tf.key), kind: "totp", trustDevice: false }, request(cookies), context())).ok).toBe(true);
  });

  it("is turned off, and new recovery codes made, only with the password", async () => {
    const tf = await userWithTwoFactor();
    const fresh = await regenerateRecoveryCodes(db, tf.id, PASSWORD, request(tf.cookies), context());
    expect(fresh).toMatchObject({ ok: true });
    if (fresh.ok) expect(fresh.recoveryCodes).not.toContain(tf.recoveryCodes[0]);
    expect(await disableTwoFactor(db, tf.id, "wrong", request(tf.cookies), context())).toMatchObject({ ok: false, field: "password" });
    expect(await disableTwoFactor(db, tf.id, PASSWORD, request(tf.cookies), context())).toMatchObject({ ok: true });
    expect(await twoFactorState(db, tf.id)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await signInWithPassword(tf.email)).twoFactor).toBe(false);
  });
});

describe("step-up with two-factor on", () => {
  it("asks for a code instead of the password; a recovery code works once", async () => {
    const tf = await userWithTwoFactor();
    expect(await identityChallenge(db, tf.id)).toBe("totp");
    expect(await confirmIdentity(db, tf.id, { password: PASSWORD })).toEqual({ ok: false, field: "code", error: STEP_UP_MESSAGES.codeRequired });
    const wrong = totpCode(tf.key) === "123456" ? "654321" : "123456";
    expect(await confirmIdentity(db, tf.id, { code: wrong })).toEqual({ ok: false, field: "code", error: STEP_UP_MESSAGES.codeWrong });
    expect(await confirmIdentity(db, tf.id, { code: totpCode(tf.key) })).toEqual({ ok: true });
    // A code from the period before still counts (a phone's clock drifts).
    expect(await confirmIdentity(db, tf.id, { code: totpCode(tf.key, Date.now() - 30_000) })).toEqual({ ok: true });
    expect(await confirmIdentity(db, tf.id, { code: tf.recoveryCodes[1] })).toEqual({ ok: true });
    expect(await twoFactorState(db, tf.id)).toEqual({ enabled: true, recoveryCodesLeft: 9 });
  });

  it("counts codes against the account's limit, right or wrong", async () => {
    const tf = await userWithTwoFactor();
    for (let i = 0; i < 4; i++) await confirmIdentity(db, tf.id, { code: "000000" });
    expect(await confirmIdentity(db, tf.id, { code: totpCode(tf.key) })).toEqual({
      ok: false,
      field: "code",
      error: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/),
    });
  });

  it("asks for the password again once two-factor is off", async () => {
    const tf = await userWithTwoFactor();
    await adminDisableTwoFactor(db, tf.email);
    expect(await identityChallenge(db, tf.id)).toBe("password");
    expect(await confirmIdentity(db, tf.id, { password: PASSWORD })).toEqual({ ok: true });
  });
});

describe("support turns two-factor off", () => {
  it("turns it off, signs the account out everywhere and writes the audit log", async () => {
    const tf = await userWithTwoFactor("lost.phone@example.com");
    expect(await db.select().from(session).where(eq(session.userId, tf.id))).not.toHaveLength(0);
    expect(await adminDisableTwoFactor(db, " LOST.PHONE@example.com ")).toEqual({ email: "lost.phone@example.com", wasOn: true });
    const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, tf.id));
    expect(row?.on).toBe(false);
    expect(await db.select().from(twoFactor).where(eq(twoFactor.userId, tf.id))).toHaveLength(0);
    expect(await db.select().from(session).where(eq(session.userId, tf.id))).toHaveLength(0);
    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, tf.id));
    expect(audit).toEqual([expect.objectContaining({ action: "user.two_factor_disabled", targetType: "user", adminId: null })]);
    // Twice: nothing more to do, and nothing more logged.
    expect(await adminDisableTwoFactor(db, "lost.phone@example.com")).toEqual({ email: "lost.phone@example.com", wasOn: false });
    expect(await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, tf.id))).toHaveLength(1);
    expect((await signInWithPassword(tf.email)).twoFactor).toBe(false);
  });

  it("npm run admin -- disable-2fa EMAIL works on the configured database and fails clearly on bad input", async () => {
    const tf = await userWithTwoFactor("cli.user@example.com");
    const dataDir = mkdtempSync(path.join(tmpdir(), "spotfolio-2fa-cli-"));
    // PostgreSQL: this file's database; embedded: a migrated copy on disk with the same account in it.
    const url = testDriver() === "postgres" ? await getTestDatabaseUrl() : undefined;
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], {
        encoding: "utf8",
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: url ?? "", LOG_LEVEL: "error" },
      });
    try {
      if (!url) {
        const handle = await createMigratedPgliteOnDisk(databaseOptionsFromEnv({ DATA_DIR: dataDir }).dataDir!);
        await createProfile(handle.db, {}, { email: "cli.user@example.com" });
        const [row] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, "cli.user@example.com"));
        await handle.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, row!.id));
        await handle.db.insert(twoFactor).values({ id: "tf-cli", userId: row!.id, secret: "x", backupCodes: "x", verified: true });
        await handle.close();
      }
      let run = cli("disable-2fa", "cli.user@example.com");
      expect(run.stderr).toBe("");
      expect(run.stdout).toContain("two-factor authentication is off for cli.user@example.com");
      expect(run.status).toBe(0);
      run = cli("disable-2fa", "cli.user@example.com");
      expect(run.stdout).toContain("was not on for cli.user@example.com");
      run = cli("disable-2fa", "ghost@example.com");
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("No account with the email address ghost@example.com");
      run = cli("disable-2fa");
      expect(run.status).toBe(2);
      expect(run.stderr).toContain("disable-2fa EMAIL");
      // The second run found it off: the first one turned it off. On PostgreSQL, look at the rows as well.
      if (url) {
        expect(await twoFactorState(db, tf.id)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
        expect(await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, tf.id))).toHaveLength(1);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

/**
 * The step-up of the Studio's money forms with two-factor sign-in on (issue 23, item 11), through
 * the whole server: tax settings and bank details ask for a code from the authenticator app (or a
 * recovery code) instead of the password, and save nothing without a right one.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { edgeServer, sessionCookie } from "../../../tests/setup/edge-server";
import { stubTestEnv } from "../../../tests/setup/env";
import { payoutDetails, taxSettings, twoFactor, user } from "#db/schema";
import { createProfile } from "#db/seed/factories";
import { symmetricEncrypt } from "better-auth/crypto";
import { getAuth } from "~/modules/auth/auth.server";
import { totpCode } from "~/modules/auth/totp.server";
import { spanishTaxForm } from "../../../tests/money/tax-forms";

stubTestEnv({ EMAIL_RATE_PER_SECOND: "0", BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth", VIES_URL: "off" });
stubDataDir("studio-money-two-factor");
const db = await setupTestDatabase();
const server = await edgeServer(db);

const PASSWORD = "spotfolio-demo";
const TAX = "/studio/revenue/tax-settings";
const BANK = "/studio/payouts/details";

let n = 0;
/** A signed-in creator with two-factor on, as the plugin stores it: their app's key and recovery codes. */
async function creatorWithTwoFactor() {
  const email = `money-tf${++n}-${Date.now()}@example.com`;
  const { profile } = await createProfile(db, { isCreator: true, isOnboarded: true, handle: `moneytf${n}_${Date.now() % 100000}` }, { email });
  const cookie = await sessionCookie(db, email);
  const secret = randomBytes(16).toString("hex");
  const recoveryCodes = ["AAAAA-11111", "BBBBB-22222"];
  const { secretConfig } = await getAuth(db).$context;
  await db.insert(twoFactor).values({
    id: `tf-${profile.id}`,
    userId: profile.id,
    secret: await symmetricEncrypt({ key: secretConfig, data: secret }),
    backupCodes: await symmetricEncrypt({ key: secretConfig, data: JSON.stringify(recoveryCodes) }),
    verified: true,
  });
  await db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, profile.id));
  return { id: profile.id, cookie, key: new Uint8Array(Buffer.from(secret, "utf8")), recoveryCodes };
}

type Who = Awaited<ReturnType<typeof creatorWithTwoFactor>>;

const request = async (who: Who, path: string, body?: Record<string, string>) => {
  const response = await server.request(`${path}.data`, {
    method: body ? "POST" : "GET",
    headers: { cookie: who.cookie },
    body: body ? new URLSearchParams(body) : undefined,
  });
  return { status: response.status, text: await response.text() };
};

const spanishIndividual = spanishTaxForm({ selfBilling: "on" });

const wrong = (key: Uint8Array) => (totpCode(key) === "123456" ? "654321" : "123456");

describe("the money forms' step-up with two-factor on", () => {
  it("tax settings ask for a code, not the password, and save only with a right one", async () => {
    const who = await creatorWithTwoFactor();
    expect((await request(who, TAX)).text).toContain('"totp"');

    const withPassword = await request(who, TAX, { ...spanishIndividual, password: PASSWORD });
    expect(withPassword.status).toBe(400);
    expect(withPassword.text).toContain("Enter the code from your authenticator app, or a recovery code, to confirm it is you");
    const wrongCode = await request(who, TAX, { ...spanishIndividual, code: wrong(who.key) });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.text).toContain("This code is not right. Enter the code your app shows now, or an unused recovery code.");
    expect(await db.select().from(taxSettings).where(eq(taxSettings.creatorId, who.id))).toEqual([]);

    const saved = await request(who, TAX, { ...spanishIndividual, code: totpCode(who.key) });
    expect(saved.text).toContain("Your tax settings have been saved");
  });

  it("bank details take a recovery code once", async () => {
    const who = await creatorWithTwoFactor();
    await request(who, TAX, { ...spanishIndividual, code: totpCode(who.key) });
    const bank = { holderName: "Lucía Fernández Ruiz", iban: "ES9121000418450200051332", bic: "" };
    const saved = await request(who, BANK, { ...bank, code: who.recoveryCodes[0]! });
    expect(saved.status).toBe(200);
    expect(saved.text).toContain("Your bank account ending 1332 has been saved");
    expect(await db.select().from(payoutDetails).where(eq(payoutDetails.creatorId, who.id))).toHaveLength(1);
    // Spent: the same recovery code is refused the next time.
    const again = await request(who, BANK, { ...bank, iban: "DE89370400440532013000", code: who.recoveryCodes[0]! });
    expect(again.status).toBe(400);
    expect(again.text).toContain("This code is not right");
  });
});

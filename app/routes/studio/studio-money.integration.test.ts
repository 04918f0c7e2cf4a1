/**
 * The Studio's tax settings and payout details through the whole server (Hono and React Router,
 * as a browser posts them): bad input changes nothing and says why, the step-up is asked, another
 * creator can neither read nor write, a change of bank account waits for its emailed link and then
 * holds the next payout for 5 days, and the full IBAN never leaves the server.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { edgeServer, sessionCookie } from "../../../tests/setup/edge-server";
import { stubTestEnv } from "../../../tests/setup/env";
import { account, emailOutbox, payoutDetailChanges, payoutDetails, taxSettings } from "#db/schema";
import { createProfile } from "#db/seed/factories";
import { payoutAccount, payoutHolds } from "~/modules/money/index.server";
import { getPrivateObject } from "~/modules/storage/index.server";
import { spanishTaxForm } from "../../../tests/money/tax-forms";

stubTestEnv({ EMAIL_RATE_PER_SECOND: "0", BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth", VIES_URL: "off" });
stubDataDir("studio-money");
const db = await setupTestDatabase();
const server = await edgeServer(db);

const PASSWORD = "spotfolio-demo";
const IBAN = "ES9121000418450200051332";
const NEW_IBAN = "DE89370400440532013000";

let n = 0;
/** A creator with a handle, signed in (their password is the demo one). */
async function creator() {
  const email = `money${++n}-${Date.now()}@example.com`;
  const { profile } = await createProfile(db, { isCreator: true, isOnboarded: true, handle: `money${n}_${Date.now() % 100000}` }, { email });
  return { id: profile.id, email, cookie: await sessionCookie(db, email) };
}

type Who = Awaited<ReturnType<typeof creator>>;

const get = async (who: Who, path: string) => {
  const response = await server.request(`${path}.data`, { headers: { cookie: who.cookie } });
  return { status: response.status, text: await response.text() };
};
const post = async (who: Who, path: string, body: Record<string, string> | FormData) => {
  const response = await server.request(`${path}.data`, {
    method: "POST",
    headers: { cookie: who.cookie },
    body: body instanceof FormData ? body : new URLSearchParams(body),
  });
  return { status: response.status, text: await response.text() };
};

const spanishIndividual = spanishTaxForm({ selfBilling: "on", password: PASSWORD });

const TAX = "/studio/revenue/tax-settings";
const BANK = "/studio/payouts/details";
const taxRow = async (who: Who) => (await db.select().from(taxSettings).where(eq(taxSettings.creatorId, who.id)))[0];
const bankRows = async (who: Who) => ({
  details: await db.select().from(payoutDetails).where(eq(payoutDetails.creatorId, who.id)),
  changes: await db.select().from(payoutDetailChanges).where(eq(payoutDetailChanges.creatorId, who.id)),
});
const mails = (who: Who) =>
  db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, who.email), eq(emailOutbox.template, "payout-details-change")));

async function withTaxSettings(overrides: Record<string, string> = {}) {
  const who = await creator();
  const saved = await post(who, TAX, { ...spanishIndividual, ...overrides });
  expect(saved.text).toContain("Your tax settings have been saved");
  return who;
}

describe("tax settings", () => {
  it("opens for the creator with what is missing", async () => {
    const who = await creator();
    const page = await get(who, TAX);
    expect(page.status).toBe(200);
    expect(page.text).toContain("You have not filled in your tax settings yet");
    expect(page.text).toContain("You have not entered a bank account for your payouts yet");
  });

  it("refuses a NIF with a wrong letter, a date of birth under 18 and a wrong password, saying why and saving nothing", async () => {
    const who = await creator();
    const wrongLetter = await post(who, TAX, { ...spanishIndividual, taxId: "12345678A" });
    expect(wrongLetter.status).toBe(400);
    expect(wrongLetter.text).toContain("The letter of this NIF does not match its number");

    const now = new Date();
    const seventeen = new Date(Date.UTC(now.getUTCFullYear() - 17, now.getUTCMonth(), now.getUTCDate())).toISOString().slice(0, 10);
    const young = await post(who, TAX, { ...spanishIndividual, dateOfBirth: seventeen });
    expect(young.status).toBe(400);
    expect(young.text).toContain("You must be at least 18");

    const wrongPassword = await post(who, TAX, { ...spanishIndividual, password: "not my password" });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.text).toContain("This password is not right");
    const noPassword = await post(who, TAX, { ...spanishIndividual, password: "" });
    expect(noPassword.text).toContain("Enter your password to confirm it is you");
    // The password typed is never sent back.
    expect(wrongPassword.text).not.toContain("not my password");

    expect(await taxRow(who)).toBeUndefined();
  });

  it("saves complete settings with the moment self-billing was agreed", async () => {
    const who = await withTaxSettings();
    const row = await taxRow(who);
    expect(row).toMatchObject({
      entityType: "individual",
      taxResidenceCountry: "ES",
      legalName: "Lucía Fernández Ruiz",
      taxId: "12345678Z",
      taxIdKind: "nif",
      irpfPercent: 15,
      address: "Calle Mayor 1",
      postalCode: "28013",
      city: "Madrid",
      addressCountry: "ES",
      dateOfBirth: "1990-05-17",
    });
    expect(row.selfBillingAgreedAt).toBeInstanceOf(Date);
    const agreedAt = row.selfBillingAgreedAt;
    // Saving again keeps when it was agreed; withdrawing it clears it.
    await post(who, TAX, { ...spanishIndividual, city: "Madrid " });
    expect((await taxRow(who)).selfBillingAgreedAt).toEqual(agreedAt);
    const { selfBilling: _, ...withdrawn } = spanishIndividual;
    await post(who, TAX, withdrawn);
    expect((await taxRow(who)).selfBillingAgreedAt).toBeNull();
    expect((await payoutHolds(db, who.id)).map((h) => h.kind)).toEqual(["bank-details-missing"]);
  });

  it("keeps a non-resident's certificate of tax residence privately, checked by its content", async () => {
    const who = await creator();
    const french = {
      ...spanishIndividual,
      taxResidenceCountry: "FR",
      taxId: "1234567890123",
      irpfPercent: "",
      postalCode: "75011",
      city: "Paris",
      addressCountry: "FR",
    };
    const form = (bytes: string, name: string) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(french)) body.set(k, v);
      body.set("certificate", new File([bytes], name, { type: "application/pdf" }));
      return body;
    };
    // A GIF named .pdf is refused by its bytes.
    const disguised = await post(who, TAX, form("GIF89a not a certificate", "certificate.pdf"));
    expect(disguised.status).toBe(415);
    expect(disguised.text).toContain("The certificate must be a PDF, JPEG or PNG file");
    expect(await taxRow(who)).toBeUndefined();

    const saved = await post(who, TAX, form("%PDF-1.7 certificate of tax residence", "certificate.pdf"));
    expect(saved.text).toContain("Your tax settings have been saved");
    const row = await taxRow(who);
    expect(row.residenceCertificateKey).toMatch(/^tax-residence\/[0-9a-f-]{36}\.pdf$/);
    expect(new TextDecoder().decode((await getPrivateObject("documents", row.residenceCertificateKey!))!)).toBe("%PDF-1.7 certificate of tax residence");
    // The key never reaches the page; that a certificate is on file does.
    const page = await get(who, TAX);
    expect(page.text).not.toContain(row.residenceCertificateKey);
    expect(page.text).toContain("residenceCertificate");
    expect(page.text).not.toContain("non-resident income tax (IRNR) of");
  });

  it("notes non-resident withholding while no certificate is on file", async () => {
    const who = await withTaxSettings({
      taxResidenceCountry: "US",
      taxId: "123456789",
      irpfPercent: "",
      postalCode: "10001",
      city: "New York",
      addressCountry: "US",
    });
    expect((await get(who, TAX)).text).toContain("Spanish non-resident income tax (IRNR) of 24% is withheld from your payouts");
  });
});

describe("the EU's VIES register", () => {
  let vies: Server;
  const asked: string[] = [];
  afterAll(() => new Promise<void>((done) => vies.close(() => done())));

  it("refuses a VAT number VIES says is invalid, and accepts one while VIES is unavailable (saying so)", async () => {
    vies = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        const { vatNumber } = JSON.parse(body) as { vatNumber: string };
        asked.push(vatNumber);
        if (vatNumber === "40303265045") return response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ valid: false }));
        response
          .writeHead(503, { "content-type": "application/json" })
          .end(JSON.stringify({ actionSucceed: false, errorWrappers: [{ error: "MS_UNAVAILABLE" }] }));
      });
    });
    await new Promise<void>((done) => vies.listen(0, "127.0.0.1", done));
    stubTestEnv({ VIES_URL: `http://127.0.0.1:${(vies.address() as AddressInfo).port}/rest-api` });

    const french = {
      ...spanishIndividual,
      taxResidenceCountry: "FR",
      taxId: "1234567890123",
      irpfPercent: "",
      postalCode: "75011",
      city: "Paris",
      addressCountry: "FR",
      vatRegistered: "on",
    };
    const who = await creator();
    const refused = await post(who, TAX, { ...french, vatNumber: "FR40303265045" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("VIES register says this VAT number is not registered");
    expect(await taxRow(who)).toBeUndefined();

    const german = {
      ...french,
      taxResidenceCountry: "DE",
      taxId: "DE136695976",
      postalCode: "10115",
      city: "Berlin",
      addressCountry: "DE",
      vatNumber: "DE136695976",
    };
    const saved = await post(who, TAX, german);
    expect(saved.status).toBe(200);
    expect(saved.text).toContain("unavailable, not invalid");
    expect(await taxRow(who)).toMatchObject({ vatNumber: "DE136695976", vatViesStatus: "unavailable" });
    expect(asked).toEqual(["40303265045", "136695976"]);
    stubTestEnv({ VIES_URL: "off" });
  });
});

describe("payout details", () => {
  it("asks for tax settings first, and refuses a wrong IBAN, one outside SEPA and another holder, saving nothing", async () => {
    const early = await creator();
    const first = await post(early, BANK, { holderName: "Lucía Fernández Ruiz", iban: IBAN, bic: "", password: PASSWORD });
    expect(first.status).toBe(400);
    expect(first.text).toContain("Fill in your tax settings first");

    const who = await withTaxSettings();
    const cases: [Record<string, string>, string][] = [
      [{ iban: "ES9121000418450200051333" }, "its check digits do not match"],
      [{ iban: "BR1800360305000010009795493C1" }, "this IBAN is from outside the SEPA area"],
      [{ iban: "US64SVBKUS6S3300958879" }, "does not start with a country code we know"],
      [{ holderName: "Pedro Fernández" }, "the holder must be the legal name of your tax settings"],
      [{ bic: "DEUTDEFF" }, "This BIC is of a bank in another country than the IBAN"],
      [{ password: "wrong" }, "This password is not right"],
    ];
    for (const [change, message] of cases) {
      const answer = await post(who, BANK, { holderName: "Lucía Fernández Ruiz", iban: IBAN, bic: "", password: PASSWORD, ...change });
      expect(answer.status, message).toBe(400);
      expect(answer.text).toContain(message);
    }
    expect(await bankRows(who)).toEqual({ details: [], changes: [] });
    expect(await bankRows(early)).toEqual({ details: [], changes: [] });
  });

  it("applies a first account at once, sealed, logged, and shown by its last 4 only", async () => {
    const who = await withTaxSettings();
    const saved = await post(who, BANK, { holderName: "LUCIA FERNANDEZ RUIZ", iban: "es91 2100 0418 4502 0005 1332", bic: "caixesbbxxx", password: PASSWORD });
    expect(saved.status).toBe(200);
    expect(saved.text).toContain("Your bank account ending 1332 has been saved");
    const { details, changes } = await bankRows(who);
    expect(details).toEqual([expect.objectContaining({ holderName: "LUCIA FERNANDEZ RUIZ", ibanCountry: "ES", ibanLast4: "1332", bic: "CAIXESBBXXX" })]);
    expect(details[0].ibanCiphertext).not.toContain("1332");
    expect(await payoutAccount(db, who.id)).toEqual({ holderName: "LUCIA FERNANDEZ RUIZ", iban: IBAN, bic: "CAIXESBBXXX", country: "ES" });
    expect(changes).toEqual([expect.objectContaining({ kind: "first", oldLast4: null, newLast4: "1332", requestIp: "203.0.113.7", tokenHash: null })]);
    expect(changes[0].confirmedAt).toBeInstanceOf(Date);
    expect(await mails(who)).toEqual([]);
    expect(await payoutHolds(db, who.id)).toEqual([]);

    const page = await get(who, BANK);
    expect(page.text).toContain("1332");
    expect(page.text).not.toContain(IBAN);
    expect(page.text).not.toContain(details[0].ibanCiphertext!);
  });

  it("changes an account only once the emailed link is opened and confirmed, then holds the next payout 5 days", async () => {
    const who = await withTaxSettings();
    await post(who, BANK, { holderName: "Lucía Fernández Ruiz", iban: IBAN, bic: "", password: PASSWORD });

    const asked = await post(who, BANK, { holderName: "Lucía Fernández Ruiz", iban: NEW_IBAN, bic: "", password: PASSWORD });
    expect(asked.status).toBe(200);
    expect(asked.text).toContain(`We sent a link to ${who.email}`);
    // Nothing changed yet.
    expect(await payoutAccount(db, who.id)).toMatchObject({ iban: IBAN });
    const [mail] = await mails(who);
    expect(mail.subject).toBe("Confirm the bank account for your Spotfolio payouts");
    expect(mail.text).toContain("DE •••• 3000");
    expect(mail.text).not.toContain(NEW_IBAN);
    const url = new URL((mail.payload as { url: string }).url);
    expect(url.pathname).toMatch(/^\/studio\/payouts\/details\/confirm\/[\w-]{40,}$/);
    const token = url.pathname.split("/").pop()!;
    // Only the token's hash is kept.
    const waiting = (await bankRows(who)).changes.find((c) => c.kind === "change")!;
    expect(waiting).toMatchObject({ oldLast4: "1332", newLast4: "3000", confirmedAt: null, requestIp: "203.0.113.7" });
    expect(waiting.tokenHash).not.toBe(token);
    expect(waiting.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await get(who, BANK)).text).toContain("A change to the account DE •••• 3000 waits for you to open the link");

    // Another creator cannot open it, nor confirm it.
    const other = await withTaxSettings();
    expect((await get(other, url.pathname)).status).toBe(404);
    expect((await post(other, url.pathname, {})).status).toBe(404);
    // Opening the link asks; it changes nothing.
    const page = await get(who, url.pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain("3000");
    expect(await payoutAccount(db, who.id)).toMatchObject({ iban: IBAN });

    const confirmed = await post(who, url.pathname, {});
    expect(confirmed.status).toBe(200);
    expect(await payoutAccount(db, who.id)).toEqual({ holderName: "Lucía Fernández Ruiz", iban: NEW_IBAN, bic: null, country: "DE" });
    const done = (await bankRows(who)).changes.find((c) => c.kind === "change")!;
    expect(done.confirmedAt).toBeInstanceOf(Date);
    expect(done.newIbanCiphertext).toBeNull();
    const holds = await payoutHolds(db, who.id);
    expect(holds).toEqual([expect.objectContaining({ kind: "bank-details-changed" })]);
    expect(holds[0].until!.getTime() - done.confirmedAt!.getTime()).toBe(5 * 24 * 60 * 60 * 1000);
    expect((await get(who, BANK)).text).toContain("payouts wait 5 days after a change");
    // Single use.
    const again = await post(who, url.pathname, {});
    expect(again.status).toBe(409);
    expect(again.text).toContain("This change has already been confirmed");
    // After 5 days, nothing holds.
    expect(await payoutHolds(db, who.id, new Date(done.confirmedAt!.getTime() + 5 * 24 * 60 * 60 * 1000))).toEqual([]);
    // The other creator's account was never touched.
    expect(await bankRows(other)).toEqual({ details: [], changes: [] });
  });

  it("refuses an expired link and one a newer change replaced", async () => {
    const who = await withTaxSettings();
    await post(who, BANK, { holderName: "Lucía Fernández Ruiz", iban: IBAN, bic: "", password: PASSWORD });
    await post(who, BANK, { holderName: "Lucía Fernández Ruiz", iban: NEW_IBAN, bic: "", password: PASSWORD });
    await post(who, BANK, { holderName: "Lucía Fernández Ruiz", iban: "FR1420041010050500013M02606", bic: "", password: PASSWORD });
    const [older, newer] = (await mails(who)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    const path = (mail: typeof older) => new URL((mail.payload as { url: string }).url).pathname;

    const replaced = await post(who, path(older), {});
    expect(replaced.status).toBe(410);
    expect(replaced.text).toContain("A newer change replaced this one");

    await db
      .update(payoutDetailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payoutDetailChanges.creatorId, who.id));
    const expired = await post(who, path(newer), {});
    expect(expired.status).toBe(410);
    expect(expired.text).toContain("This link has expired");
    expect(await payoutAccount(db, who.id)).toMatchObject({ iban: IBAN });
  });

  it("for an account without a password, confirms even the first account by the emailed link", async () => {
    const who = await withTaxSettings();
    await db.delete(account).where(and(eq(account.userId, who.id), eq(account.providerId, "credential")));
    const asked = await post(who, BANK, { holderName: "Lucía Fernández Ruiz", iban: IBAN, bic: "" });
    expect(asked.status).toBe(200);
    expect(asked.text).toContain("We sent a link");
    expect(await payoutAccount(db, who.id)).toBeNull();
    expect((await payoutHolds(db, who.id)).map((h) => h.kind)).toEqual(["bank-details-missing"]);
    const [mail] = await mails(who);
    expect((await post(who, new URL((mail.payload as { url: string }).url).pathname, {})).status).toBe(200);
    expect(await payoutAccount(db, who.id)).toMatchObject({ iban: IBAN });
    // A first account: no hold.
    expect(await payoutHolds(db, who.id)).toEqual([]);
  });

  it("never shows one creator's account to another", async () => {
    const mine = await withTaxSettings();
    await post(mine, BANK, { holderName: "Lucía Fernández Ruiz", iban: IBAN, bic: "", password: PASSWORD });
    const theirs = await creator();
    const page = await get(theirs, BANK);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("1332");
    expect(page.text).not.toContain("Lucía Fernández Ruiz");
    expect((await get(theirs, TAX)).text).not.toContain("12345678Z");
  });
});

describe("/studio/bank", () => {
  it("moved for good to the payout details", async () => {
    const answer = await server.request("/studio/bank?from=email");
    expect(answer.status).toBe(301);
    expect(answer.headers.get("location")).toBe("/studio/payouts/details?from=email");
  });
});

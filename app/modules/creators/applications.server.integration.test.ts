import { readdirSync } from "node:fs";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubTestEnv } from "../../../tests/setup/env";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { creatorApplications, emailOutbox, profiles, termsAuditLog } from "#db/schema";
import { createProfile, createUser } from "#db/seed/factories";
import type { Database } from "~/lib/db.server";
import { privateRoot, verifySignedUrl } from "~/modules/storage/storage.server";
import { APPLICATION_MESSAGES, CREATOR_TERMS_VERSIONS, MAX_APPLICATION_BYTES, NEED_FILE_OR_LINK } from "./application-rules";
import { acceptCreatorTerms, applicationFile, applicationFileUrl, currentApplication, submitApplication, withdrawApplication } from "./applications.server";

const db = await setupTestDatabase();

// Private files go to a scratch folder.
stubDataDir("applications");
stubTestEnv({ PUBLIC_URL: "https://spotfolio.test" });

const pdf = (size = 1200) => {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode("%PDF-1.7\n"));
  return bytes;
};
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const LINK = "https://maps.app.goo.gl/AbCdEf123";

const storedFiles = () => {
  try {
    return readdirSync(path.join(privateRoot(), "applications"));
  } catch {
    return [];
  }
};

async function written(db: Database) {
  const [apps, mails, audits] = await Promise.all([
    db.select().from(creatorApplications),
    db.select().from(emailOutbox).orderBy(asc(emailOutbox.to)),
    db.select().from(termsAuditLog),
  ]);
  return { apps, mails, audits, files: storedFiles() };
}

describe("submitting a creator application", () => {
  it("stores a PDF privately and a link, pending; the applicant and every admin are emailed", async () => {
    const { user: ana } = await createProfile(db, { displayName: "Ana" }, { email: "ana@example.com" });
    await createProfile(db, { isAdmin: true }, { email: "admin1@example.com" });
    await createProfile(db, { isAdmin: true }, { email: "admin2@example.com" });
    await createProfile(db, {}, { email: "someone@example.com" });
    const filesBefore = storedFiles().length;

    const result = await submitApplication(db, { userId: ana.id, file: { bytes: pdf() }, url: ` ${LINK} ` });
    if (!result.ok) throw new Error(result.error);
    expect(result.application).toMatchObject({ status: "pending", url: LINK, hasFile: true, reviewedAt: null, reason: null });
    expect(new Date(result.application.createdAt).toISOString()).toBe(result.application.createdAt);
    expect(await currentApplication(db, ana.id)).toEqual(result.application);
    expect(storedFiles()).toHaveLength(filesBefore + 1);
    expect((await applicationFile(db, result.application.id))?.bytes).toEqual(pdf());

    const { mails } = await written(db);
    expect(mails.map((m) => [m.to, m.template])).toEqual([
      ["admin1@example.com", "creator-application-new"],
      ["admin2@example.com", "creator-application-new"],
      ["ana@example.com", "creator-application-received"],
    ]);
    expect(mails[0].html).toContain(`https://spotfolio.test/admin/creators/${result.application.id}`);
    expect(mails[0].text).toContain(LINK);
    expect(mails[2].text).toContain("https://spotfolio.test/account");
    expect(mails[2].text).toContain("5 working days");
  });

  it("takes a link alone or a PDF alone", async () => {
    const { user: a } = await createProfile(db);
    const { user: b } = await createProfile(db);
    expect(await submitApplication(db, { userId: a.id, url: LINK })).toMatchObject({ ok: true, application: { url: LINK, hasFile: false } });
    expect(await submitApplication(db, { userId: b.id, file: { bytes: pdf() } })).toMatchObject({ ok: true, application: { url: null, hasFile: true } });
  });

  it("refuses bad uploads with a clear 4xx and writes nothing: no row, no file, no email", async () => {
    const { user: ana } = await createProfile(db);
    await createProfile(db, { isAdmin: true });
    const before = await written(db);
    const big = pdf(25 * 1024 * 1024);
    const cases: [Parameters<typeof submitApplication>[1], number, string][] = [
      [{ userId: ana.id, file: { bytes: PNG } }, 415, APPLICATION_MESSAGES.NOT_A_PDF],
      [{ userId: ana.id, file: { bytes: big } }, 413, APPLICATION_MESSAGES.FILE_TOO_LARGE],
      [{ userId: ana.id, file: { bytes: pdf(MAX_APPLICATION_BYTES + 1) } }, 413, APPLICATION_MESSAGES.FILE_TOO_LARGE],
      [{ userId: ana.id, file: { bytes: new Uint8Array() } }, 400, APPLICATION_MESSAGES.FILE_EMPTY],
      [{ userId: ana.id, url: "javascript:alert(document.cookie)" }, 400, APPLICATION_MESSAGES.BAD_LINK],
      [{ userId: ana.id, url: "https://evil.example/https://maps.app.goo.gl/1" }, 400, APPLICATION_MESSAGES.BAD_LINK],
      [{ userId: ana.id, file: { bytes: pdf() }, url: "javascript:alert(1)" }, 400, APPLICATION_MESSAGES.BAD_LINK],
      [{ userId: ana.id }, 400, NEED_FILE_OR_LINK],
      [{ userId: ana.id, url: "   " }, 400, NEED_FILE_OR_LINK],
    ];
    for (const [input, status, error] of cases) {
      expect(await submitApplication(db, input), error).toEqual({ ok: false, status, error });
    }
    expect(await written(db)).toEqual(before);
    expect(await currentApplication(db, ana.id)).toBeNull();
  });

  it("allows one pending application at a time; a second writes nothing", async () => {
    const { user: ana } = await createProfile(db);
    expect((await submitApplication(db, { userId: ana.id, file: { bytes: pdf() } })).ok).toBe(true);
    const before = await written(db);
    expect(await submitApplication(db, { userId: ana.id, file: { bytes: pdf() }, url: LINK })).toEqual({
      ok: false,
      status: 409,
      error: APPLICATION_MESSAGES.ALREADY_PENDING,
    });
    expect(await written(db)).toEqual(before);
  });

  it("holds one pending application per user in the database too, when two submissions race", async () => {
    const { user: ana } = await createProfile(db);
    const filesBefore = storedFiles().length;
    const results = await Promise.all([
      submitApplication(db, { userId: ana.id, file: { bytes: pdf() } }),
      submitApplication(db, { userId: ana.id, file: { bytes: pdf() } }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const { apps, files } = await written(db);
    expect(apps).toHaveLength(1);
    // The loser's file is removed again.
    expect(files).toContain(apps[0].fileObject);
    expect(files).toHaveLength(filesBefore + 1);
  });

  it("refuses a creator", async () => {
    const { user: c } = await createProfile(db, { isCreator: true });
    expect(await submitApplication(db, { userId: c.id, url: LINK })).toEqual({ ok: false, status: 409, error: APPLICATION_MESSAGES.ALREADY_CREATOR });
  });
});

describe("withdrawing", () => {
  it("withdraws only a pending application; then the user may apply again", async () => {
    const { user: ana } = await createProfile(db);
    expect(await withdrawApplication(db, ana.id)).toEqual({ ok: false, status: 404, error: APPLICATION_MESSAGES.NOTHING_TO_WITHDRAW });
    const first = await submitApplication(db, { userId: ana.id, url: LINK });
    expect(await withdrawApplication(db, ana.id)).toMatchObject({ ok: true, application: { status: "withdrawn" } });
    expect(await withdrawApplication(db, ana.id)).toMatchObject({ ok: false, status: 404 });
    const second = await submitApplication(db, { userId: ana.id, url: LINK + "2" });
    expect(second.ok && first.ok && second.application.id !== first.application.id).toBe(true);
    expect(await currentApplication(db, ana.id)).toMatchObject({ status: "pending", url: LINK + "2" });
  });
});

describe("the application PDF for admins", () => {
  it("has a short-lived signed URL that a forged or expired signature does not match", async () => {
    const { user: ana } = await createProfile(db);
    const result = await submitApplication(db, { userId: ana.id, file: { bytes: pdf() } });
    if (!result.ok) throw new Error(result.error);
    const url = new URL((await applicationFileUrl(db, result.application.id, 60))!, "http://localhost");
    const [, , bucket, key] = url.pathname.split("/");
    expect(bucket).toBe("applications");
    const expires = url.searchParams.get("expires");
    const signature = url.searchParams.get("signature")!;
    expect(verifySignedUrl(bucket, key, expires, signature)).toBe(true);
    expect(verifySignedUrl(bucket, key, expires, signature, (Number(expires) + 1) * 1000)).toBe(false);
    expect(verifySignedUrl(bucket, key, String(Number(expires) + 3600), signature)).toBe(false);
    expect(
      verifySignedUrl(
        bucket,
        key,
        expires,
        signature.replace(/^./, (c) => (c === "A" ? "B" : "A")),
      ),
    ).toBe(false);
    expect(verifySignedUrl("documents", key, expires, signature)).toBe(false);
    expect(await applicationFileUrl(db, "not-an-id")).toBeNull();
  });
});

describe("accepting the creator terms", () => {
  const all = { termsAccepted: true, copyrightAccepted: true, compensationAccepted: true };

  it("records one audit row per document, with the IP, and marks the profile onboarded", async () => {
    const { user: ana } = await createProfile(db);
    expect(await acceptCreatorTerms(db, { userId: ana.id, ip: "203.0.113.7", accepted: all })).toEqual({ ok: true });
    const rows = await db.select().from(termsAuditLog).where(eq(termsAuditLog.userId, ana.id));
    expect(rows.map((r) => r.termsVersion).sort()).toEqual(Object.values(CREATOR_TERMS_VERSIONS).sort());
    expect(rows.every((r) => r.ip === "203.0.113.7")).toBe(true);
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, ana.id));
    expect(profile.isOnboarded).toBe(true);
  });

  it("needs all three; a missing one writes nothing", async () => {
    const { user: ana } = await createProfile(db);
    expect(await acceptCreatorTerms(db, { userId: ana.id, ip: "203.0.113.7", accepted: { ...all, copyrightAccepted: false } })).toEqual({
      ok: false,
      status: 400,
      error: APPLICATION_MESSAGES.TERMS_REQUIRED,
    });
    expect(await db.select().from(termsAuditLog)).toEqual([]);
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, ana.id));
    expect(profile.isOnboarded).toBe(false);
  });

  it("writes the audit rows and is_onboarded together or not at all (no profile: no rows)", async () => {
    const orphan = await createUser(db);
    expect(await acceptCreatorTerms(db, { userId: orphan.id, ip: "203.0.113.7", accepted: all })).toMatchObject({ ok: false, status: 401 });
    expect(await db.select().from(termsAuditLog)).toEqual([]);
  });

  it("writes the audit rows and is_onboarded together or not at all (the profile update fails)", async () => {
    const { user: ana } = await createProfile(db);
    // The database refuses the profile update after the audit rows went in.
    await db.execute(
      sql.raw(`create function test_refuse_onboarding() returns trigger language plpgsql as $$
      begin raise exception 'onboarding refused by the test'; end $$`),
    );
    await db.execute(sql.raw(`create trigger test_refuse_onboarding before update on profiles for each row execute function test_refuse_onboarding()`));
    try {
      await expect(acceptCreatorTerms(db, { userId: ana.id, ip: "203.0.113.7", accepted: all })).rejects.toThrow();
    } finally {
      await db.execute(sql.raw(`drop trigger test_refuse_onboarding on profiles`));
      await db.execute(sql.raw(`drop function test_refuse_onboarding()`));
    }
    expect(await db.select().from(termsAuditLog)).toEqual([]);
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, ana.id));
    expect(profile.isOnboarded).toBe(false);
  });
});

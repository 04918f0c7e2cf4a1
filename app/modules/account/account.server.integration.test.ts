import { existsSync } from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import {
  account,
  creatorSupporters,
  emailOutbox,
  emailSuppressions,
  followers,
  mapBookmarks,
  maps,
  payments,
  privacyPolicyAgreementAuditLog,
  profiles,
  session,
  user,
} from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { filePath } from "~/modules/storage/storage.server";
import { deleteAccount } from "./delete-account.server";
import { setAvatar, updateProfile } from "./profile.server";
import { ACCOUNT_MESSAGES } from "./validation";

const db = await setupTestDatabase();

// Uploads go to a scratch folder.
stubDataDir("account");

const png = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer()
    .then((b) => new Uint8Array(b));

const fileOf = (url: string) => {
  const [, , bucket, ...key] = url.split("/");
  return filePath(bucket, key.join("/"))!;
};

describe("editing the profile", () => {
  it("saves names, handle and bio; a handle taken in any case is refused and nothing changes", async () => {
    const { user: ana } = await createProfile(db, { handle: "ana" });
    await createProfile(db, { handle: "Bruno" });
    expect(await updateProfile(db, ana.id, { displayName: "Ana M.", handle: "ana.maps", bio: "Coffee and trams." })).toEqual({ ok: true });
    const [saved] = await db.select().from(profiles).where(eq(profiles.id, ana.id));
    expect(saved).toMatchObject({ displayName: "Ana M.", handle: "ana.maps", bioText: "Coffee and trams." });

    expect(await updateProfile(db, ana.id, { displayName: "X", handle: "bruno", bio: null })).toEqual({
      ok: false,
      fieldErrors: { handle: ACCOUNT_MESSAGES.handleTaken },
    });
    const [unchanged] = await db.select().from(profiles).where(eq(profiles.id, ana.id));
    expect(unchanged).toMatchObject({ displayName: "Ana M.", handle: "ana.maps" });
    // Keeping one's own handle is fine.
    expect(await updateProfile(db, ana.id, { displayName: "Ana", handle: "ana.maps", bio: null })).toEqual({ ok: true });
  });

  it("stores a resized profile image, replaces the old file, and refuses non-images", async () => {
    const { user: ana } = await createProfile(db);
    const first = await setAvatar(db, ana.id, await png());
    expect(first.ok).toBe(true);
    expect(first.url).toMatch(/^\/uploads\/avatars\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/);
    expect(existsSync(fileOf(first.url!))).toBe(true);

    const other = new Uint8Array(
      await sharp({ create: { width: 50, height: 50, channels: 3, background: "#ff0000" } })
        .jpeg()
        .toBuffer(),
    );
    const second = await setAvatar(db, ana.id, other);
    expect(second.ok).toBe(true);
    expect(existsSync(fileOf(first.url!))).toBe(false);
    const [row] = await db.select({ url: profiles.profileImageUrl }).from(profiles).where(eq(profiles.id, ana.id));
    expect(row.url).toBe(second.url);

    const refused = await setAvatar(db, ana.id, new TextEncoder().encode("GIF? no: plain text"));
    expect(refused).toEqual({ ok: false, fieldErrors: { avatar: "Upload a PNG, JPEG, GIF or WebP image" } });
    const [still] = await db.select({ url: profiles.profileImageUrl }).from(profiles).where(eq(profiles.id, ana.id));
    expect(still.url).toBe(second.url);
  });
});

describe("deleting an account", () => {
  it("removes the personal data in one go and keeps anonymised audit and payment rows", async () => {
    const { user: ana } = await createCreator(db);
    const { profile: other } = await createCreator(db);
    const { map } = await createMap(db, {}, { ownerId: ana.id, spots: 2 });
    const { map: otherMap } = await createMap(db, {}, { ownerId: other.id, spots: 1 });
    const avatar = await setAvatar(db, ana.id, await png());
    await db.insert(session).values({ id: "s1", token: "t1", userId: ana.id, expiresAt: new Date(Date.now() + 1e6) });
    await db.insert(account).values({ id: "a1", accountId: ana.id, providerId: "credential", userId: ana.id, password: "x" });
    await db.insert(mapBookmarks).values({ userId: ana.id, mapId: otherMap.id });
    await db.insert(followers).values({ userId: ana.id, creatorId: other.id });
    await db.insert(creatorSupporters).values({ userId: ana.id, creatorId: other.id, status: "active", interval: "month", provider: "local" });
    await db.insert(privacyPolicyAgreementAuditLog).values({ userId: ana.id, termsVersion: "1.0", ip: "203.0.113.1" });
    await db.insert(payments).values({ userId: ana.id, kind: "supporter", amountCents: 1000, currency: "EUR", status: "succeeded", provider: "local" });
    await db.insert(emailOutbox).values({ to: ana.email, template: "verify-email" });
    await db.insert(emailSuppressions).values({ address: ana.email.toLowerCase(), response: "550 5.1.1 Mailbox unavailable" });

    expect(await deleteAccount(db, ana.id)).toBe(true);

    expect(await db.select().from(user).where(eq(user.id, ana.id))).toEqual([]);
    expect(await db.select().from(profiles).where(eq(profiles.id, ana.id))).toEqual([]);
    expect(await db.select().from(session)).toEqual([]);
    expect(await db.select().from(account)).toEqual([]);
    expect(await db.select().from(mapBookmarks)).toEqual([]);
    expect(await db.select().from(followers)).toEqual([]);
    expect(await db.select().from(creatorSupporters)).toEqual([]);
    expect(await db.select().from(maps).where(eq(maps.id, map.id))).toEqual([]);
    expect(await db.select().from(emailOutbox)).toEqual([]);
    expect(await db.select().from(emailSuppressions)).toEqual([]);
    expect(existsSync(fileOf(avatar.url!))).toBe(false);
    // Kept, without the person.
    expect(
      await db.select({ userId: privacyPolicyAgreementAuditLog.userId, v: privacyPolicyAgreementAuditLog.termsVersion }).from(privacyPolicyAgreementAuditLog),
    ).toEqual([{ userId: null, v: "1.0" }]);
    expect(await db.select({ userId: payments.userId }).from(payments)).toEqual([{ userId: null }]);
    // Other people's content is untouched.
    expect(await db.select({ id: maps.id }).from(maps)).toEqual([{ id: otherMap.id }]);
    expect(await deleteAccount(db, ana.id)).toBe(false);
  });
});

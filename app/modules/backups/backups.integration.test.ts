/**
 * Backups round-trip (ADR 0026): a database with maps, spots, photos (through the app's own upload
 * path), memberships and a private application file goes through createBackup → restoreBackup into
 * an empty DATA_DIR, and every table's rows, a few exact rows and every file's bytes come back.
 * Bad archives and a non-empty DATA_DIR are refused with a message and change nothing.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createWriteStream } from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { creatorSupporters, maps, platformSubscriptions, profiles, spots } from "#db/schema";
import { createCreator, createMap, createUser } from "../../../db/seed/factories";
import { getTestDb, testDriver } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { type Database, createDatabase, embeddedPglite } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { putObject, putPrivateObject } from "~/modules/storage/index.server";
import { addSpotPhotos, editSpotPhotos } from "~/modules/spots/spot-photos.server";
import { readTar } from "./tar.server";
import { createReadStream } from "node:fs";
import { createBackup } from "./create-backup.server";
import { BackupError, restoreBackup, verifyBackup } from "./restore-backup.server";

/** Every file under a folder: relative path → bytes. */
function filesUnder(root: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const folder of ["uploads", "private"]) {
    const dir = path.join(root, folder);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) out.set(path.relative(root, path.join(entry.parentPath, entry.name)), readFileSync(path.join(entry.parentPath, entry.name)));
    }
  }
  return out;
}

async function tableCounts(db: Database): Promise<Record<string, number>> {
  const pglite = embeddedPglite(db)!;
  const tables = await pglite.query<{ schema: string; name: string }>(
    "select schemaname as schema, tablename as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2",
  );
  const out: Record<string, number> = {};
  for (const t of tables.rows)
    out[`${t.schema}.${t.name}`] = (await pglite.query<{ n: number }>(`select count(*)::int as n from "${t.schema}"."${t.name}"`)).rows[0].n;
  return out;
}

const image = (color: string) =>
  sharp({ create: { width: 120, height: 80, channels: 3, background: color } })
    .png()
    .toBuffer();

describe.skipIf(testDriver() === "postgres")("backups of the embedded database and local files", () => {
  let db: Database;
  let dataDir: string;
  let archive: string;
  const work = mkdtempSync(path.join(tmpdir(), "spotfolio-backups-"));
  let ids: { mapId: string; spotId: string; creatorId: string; memberId: string };
  // What the source held when the backup was taken (later tests change it).
  let before: { files: Map<string, Buffer>; counts: Record<string, number>; rows: Awaited<ReturnType<typeof exactRows>> };
  const exactRows = async (d: Database) => ({
    map: (await d.select().from(maps).where(eq(maps.id, ids.mapId)))[0],
    spot: (await d.select().from(spots).where(eq(spots.id, ids.spotId)))[0],
    creator: (await d.select().from(profiles).where(eq(profiles.id, ids.creatorId)))[0],
    premium: await d.select().from(platformSubscriptions).where(eq(platformSubscriptions.userId, ids.memberId)),
    supporter: await d.select().from(creatorSupporters).where(eq(creatorSupporters.userId, ids.memberId)),
  });

  beforeAll(async () => {
    dataDir = stubDataDir("backups");
    resetEnvCache();
    db = await getTestDb();
    const { profile: creator } = await createCreator(db, { displayName: "Lucía Backup" });
    const avatar = await putObject("avatars", "ab/ab0123456789abcdef0123456789abcd.webp", await image("#123456"));
    await db.update(profiles).set({ profileImageUrl: avatar }).where(eq(profiles.id, creator.id));
    const { map, spots: made } = await createMap(db, { title: "Lisbon for the patient" }, { ownerId: creator.id, spots: 3 });
    const cover = await putObject("covers", "cd/cd0123456789abcdef0123456789abcd.webp", await image("#654321"));
    await db.update(maps).set({ coverImageUrl: cover }).where(eq(maps.id, map.id));
    for (const [i, spot] of made.slice(0, 2).entries()) {
      const uploaded = await addSpotPhotos(db, { creatorId: creator.id, mapId: map.id, spotId: spot.id }, [
        { bytes: await image(i ? "#00ff00" : "#ff0000"), alt: `Photo ${i}` },
      ]);
      expect(uploaded.ok).toBe(true);
    }
    await putPrivateObject("applications", "ef/application.pdf", new TextEncoder().encode("%PDF-1.7 a portfolio"));
    const member = await createUser(db, { email: "member@example.com" });
    await db
      .insert(platformSubscriptions)
      .values({ userId: member.id, status: "active", interval: "year", provider: "local", providerSubscriptionId: "local_sub_1" });
    await db
      .insert(creatorSupporters)
      .values({ userId: member.id, creatorId: creator.id, status: "trialing", interval: "month", provider: "local", providerSubscriptionId: "local_sub_2" });
    ids = { mapId: map.id, spotId: made[0].id, creatorId: creator.id, memberId: member.id };

    const backup = await createBackup({ pglite: embeddedPglite(db)!, dataDir, takenBy: "offline" });
    archive = path.join(work, "backup.tar");
    await pipeline(Readable.from(backup.stream), createWriteStream(archive));
    before = { files: filesUnder(dataDir), counts: await tableCounts(db), rows: await exactRows(db) };
  });

  afterAll(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
  });

  it("restores every row and every file into an empty DATA_DIR", async () => {
    const target = path.join(work, "restored");
    const result = await restoreBackup(archive, target);
    expect(result.manifest.database.rows.spots).toBe(3);
    expect(result.manifest.database.migrations.applied).toBeGreaterThan(0);
    // No staging folder left behind, nothing but what a DATA_DIR holds.
    expect(readdirSync(target).sort()).toEqual(expect.arrayContaining(["pglite", "private", "uploads"]));
    expect(readdirSync(target)).not.toContain(".restore-incomplete");
    expect(readdirSync(dataDir)).not.toContain(".backup-staging");

    // Every file, byte for byte: 2 photos' variants, the avatar, the cover and the private PDF.
    const original = before.files;
    const restored = filesUnder(target);
    expect(original.size).toBeGreaterThanOrEqual(5);
    expect([...restored.keys()].sort()).toEqual([...original.keys()].sort());
    for (const [file, bytes] of original) expect(restored.get(file)?.equals(bytes), file).toBe(true);

    const handle = await createDatabase({ dataDir: path.join(target, "pglite") });
    try {
      const copy = handle.db;
      expect(await tableCounts(copy)).toEqual(before.counts);
      const after = await exactRows(copy);
      expect(after).toEqual(before.rows);
      expect(after.spot.photos).toHaveLength(1);
      expect(after.premium[0].status).toBe("active");
      // Every file the restored database names is there.
      for (const photo of (await copy.select({ photos: spots.photos }).from(spots)).flatMap((s) => s.photos)) {
        for (const key of photo.keys) expect(existsSync(path.join(target, "uploads/spot-photos", key)), key).toBe(true);
      }
      expect(existsSync(path.join(target, after.creator.profileImageUrl!.replace(/^\//, "")))).toBe(true);
    } finally {
      await handle.close();
    }
  });

  it("keeps every file the snapshot names: uploaded just before it, deleted just after it", async () => {
    const ref = { creatorId: ids.creatorId, mapId: ids.mapId, spotId: ids.spotId };
    let late: string[] = [];
    const backup = await createBackup({
      pglite: embeddedPglite(db)!,
      dataDir,
      takenBy: "offline",
      // After the first pass over the files: an upload (file, then its row) the snapshot will name.
      beforeSnapshot: async () => {
        const added = await addSpotPhotos(db, ref, [{ bytes: await image("#0000ff"), alt: "late" }]);
        if (!added.ok) throw new Error(added.error);
        late = added.photos.at(-1)!.keys;
      },
    });
    // After the snapshot, before the archive is written: the first photo is removed (row, then files).
    const [first] = (await db.select({ photos: spots.photos }).from(spots).where(eq(spots.id, ids.spotId)))[0].photos;
    expect((await editSpotPhotos(db, ref, { intent: "remove", photoId: first.id })).ok).toBe(true);
    expect(existsSync(path.join(dataDir, "uploads/spot-photos", first.keys[0]))).toBe(false);
    const file = path.join(work, "racing.tar");
    await pipeline(Readable.from(backup.stream), createWriteStream(file));
    const names = new Set<string>();
    for await (const entry of readTar(createReadStream(file))) names.add(entry.path);
    for (const key of [...late, ...first.keys]) expect(names.has(`uploads/spot-photos/${key}`), key).toBe(true);
    expect(late.length).toBeGreaterThan(0);
  });

  it("verifies an archive without writing anything, and lists what it holds", async () => {
    const manifest = await verifyBackup(archive);
    expect(manifest.format).toBe("spotfolio-backup");
    expect(manifest.files.count).toBe(before.files.size);
    expect(manifest.entries.map((e) => e.path)).toContain("private/applications/ef/application.pdf");
    expect(manifest.database.rows.platform_subscriptions).toBe(1);
    expect(manifest.database.rows.creator_supporters).toBe(1);
  });

  it("refuses a DATA_DIR that is not empty, and leaves it as it was", async () => {
    const target = path.join(work, "not-empty");
    mkdirSync(path.join(target, "pglite"), { recursive: true });
    writeFileSync(path.join(target, "notes.txt"), "mine");
    await expect(restoreBackup(archive, target)).rejects.toThrow(/is not empty \(notes\.txt, pglite\).*move the folder aside.*Nothing was changed/);
    expect(readdirSync(target).sort()).toEqual(["notes.txt", "pglite"]);
    expect(readFileSync(path.join(target, "notes.txt"), "utf8")).toBe("mine");
  });

  const refusedWith = async (bytes: Buffer, message: RegExp) => {
    const bad = path.join(work, `bad-${Math.random().toString(36).slice(2)}.tar`);
    writeFileSync(bad, bytes);
    const target = path.join(work, `target-${Math.random().toString(36).slice(2)}`);
    const error = await restoreBackup(bad, target).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(message);
    // Nothing was made: the DATA_DIR the restore would have created does not exist.
    expect(existsSync(target)).toBe(false);
    await expect(verifyBackup(bad)).rejects.toThrow(message);
  };

  it("refuses a truncated archive", async () => {
    const bytes = readFileSync(archive);
    await refusedWith(bytes.subarray(0, Math.floor(bytes.length / 2)), /truncated/);
    // Cut right before the manifest: every entry is whole, the manifest is missing.
    const at = bytes.indexOf(Buffer.from("manifest.json\0"));
    await refusedWith(bytes.subarray(0, at), /truncated/);
    await refusedWith(Buffer.concat([bytes.subarray(0, at), Buffer.alloc(1024)]), /has no manifest\.json/);
  });

  it("refuses an archive whose contents do not match their checksums", async () => {
    const bytes = Buffer.from(readFileSync(archive));
    // One byte of the private PDF's contents, changed.
    const at = bytes.indexOf(Buffer.from("%PDF-1.7 a portfolio"));
    bytes[at + 3] ^= 0x20;
    await refusedWith(bytes, /checksum of private\/applications\/ef\/application\.pdf does not match its manifest/);
  });

  it("refuses a damaged header and a file that is not a backup", async () => {
    const bytes = Buffer.from(readFileSync(archive));
    // The avatar's tar header (names also appear inside the database): the one on a block boundary.
    let at = bytes.indexOf(Buffer.from("uploads/avatars/"));
    while (at % 512 !== 0) at = bytes.indexOf(Buffer.from("uploads/avatars/"), at + 1);
    bytes[at + 2] ^= 0x01;
    await refusedWith(bytes, /checksum does not match: the archive is damaged/);
    await refusedWith(Buffer.from("this is not a backup at all, only words ".repeat(40)), /damaged|not a tar/);
  });
});

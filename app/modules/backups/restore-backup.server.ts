/**
 * Reading a backup back: `verifyBackup` checks an archive without writing anything, and
 * `restoreBackup` brings one into an empty DATA_DIR.
 *
 * A restore changes nothing unless everything checks out. It unpacks into a folder inside
 * DATA_DIR (`.restore-incomplete`), checks every entry against the manifest (size and SHA-256,
 * nothing missing, nothing extra), opens the database it unpacked and counts every table's rows
 * against the manifest, and only then moves `pglite/`, `uploads/`, `private/` and `auth-secret`
 * into place. On any failure the folder is removed (and DATA_DIR too when the restore made it).
 */
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, openAsBlob } from "node:fs";
import { mkdir, readdir, rename, rm, rmdir } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { migrationsFolder, PGLITE_EXTENSIONS } from "~/lib/db.server";
import { DATABASE_ENTRY, FILE_FOLDERS, MANIFEST_ENTRY, type Manifest, SECRET_ENTRY, isAllowedEntry, knownMigrations, parseManifest } from "./manifest.server";
import { ArchiveError, readTar } from "./tar.server";

/** A backup or restore that cannot go ahead; its message is for the operator. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

const RESTORE_STAGING = ".restore-incomplete";

/**
 * Read every entry of an archive, check each against the manifest, and hand each entry's bytes to
 * `keep` (to write it somewhere) once read. Returns the manifest; throws BackupError otherwise.
 */
async function readBackup(archive: string, keep?: (name: string, data: AsyncIterable<Buffer>) => Promise<void>): Promise<Manifest> {
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifest: Manifest | undefined;
  const refuse = (reason: string): never => {
    throw new BackupError(`${archive} cannot be used: ${reason}.`);
  };
  try {
    for await (const entry of readTar(createReadStream(archive))) {
      if (manifest) refuse(`an entry (${entry.path}) follows the manifest, which is always last`);
      if (!isAllowedEntry(entry.path)) refuse(`it holds ${entry.path}, which is no part of a Spotfolio backup`);
      if (seen.has(entry.path)) refuse(`it holds ${entry.path} twice`);
      if (entry.path === MANIFEST_ENTRY) {
        const parsed = parseManifest(await entry.data());
        if (typeof parsed === "string") refuse(parsed);
        manifest = parsed as Manifest;
        continue;
      }
      // Hashed as it streams past, so the database entry is never held whole.
      const hash = createHash("sha256");
      let size = 0;
      const counted = (async function* () {
        for await (const chunk of entry.stream()) {
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      })();
      if (keep) await keep(entry.path, counted);
      else for await (const chunk of counted) void chunk;
      seen.set(entry.path, { size, sha256: hash.digest("hex") });
    }
  } catch (error) {
    if (error instanceof ArchiveError) refuse(error.message);
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new BackupError(`${archive} does not exist.`);
    throw error;
  }
  if (!manifest) return refuse("it has no manifest.json (it is truncated, or not a Spotfolio backup)");
  const listed = new Set<string>();
  for (const entry of manifest.entries) {
    listed.add(entry.path);
    const got = seen.get(entry.path);
    if (!got) refuse(`${entry.path}, listed in its manifest, is missing (the archive is truncated or damaged)`);
    else if (got.size !== entry.size) refuse(`${entry.path} has ${got.size} bytes where the manifest says ${entry.size}`);
    else if (got.sha256 !== entry.sha256) refuse(`the checksum of ${entry.path} does not match its manifest (the archive is damaged)`);
  }
  for (const name of seen.keys()) if (!listed.has(name)) refuse(`${name} is not listed in its manifest`);
  if (!listed.has(DATABASE_ENTRY)) refuse("it holds no database");
  return manifest;
}

/** Check an archive end to end (structure, every checksum, the manifest) without writing anything. */
export function verifyBackup(archive: string): Promise<Manifest> {
  return readBackup(archive);
}

export interface RestoreResult {
  manifest: Manifest;
  rows: Record<string, number>;
  files: number;
}

async function entriesOf(dir: string): Promise<string[] | null> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Restore `archive` into `dataDir`, which must be empty or absent. See the header. */
export async function restoreBackup(archive: string, dataDir: string, opts: { migrationsFolder?: string } = {}): Promise<RestoreResult> {
  const target = path.resolve(dataDir);
  const existing = await entriesOf(target);
  if (existing && existing.length > 0) {
    const shown = existing.slice(0, 5).join(", ") + (existing.length > 5 ? ", …" : "");
    const hint = existing.includes(RESTORE_STAGING) ? ` (${RESTORE_STAGING} is left by a restore that stopped midway: remove it)` : "";
    throw new BackupError(
      `DATA_DIR ${target} is not empty (${shown})${hint}. A restore goes only into an empty folder: stop the server, move the folder aside (mv ${target} ${target}.old) or set DATA_DIR to a new one, and run the restore again. Nothing was changed.`,
    );
  }
  const staging = path.join(target, RESTORE_STAGING);
  await mkdir(staging, { recursive: true, mode: 0o700 });
  try {
    let files = 0;
    const manifest = await readBackup(archive, async (name, data) => {
      const file = path.join(staging, "entries", name);
      await mkdir(path.dirname(file), { recursive: true });
      const secret = name === SECRET_ENTRY || name === DATABASE_ENTRY || name.startsWith("private/");
      await pipeline(Readable.from(data), createWriteStream(file, secret ? { mode: 0o600 } : undefined));
      if (name !== DATABASE_ENTRY && name !== SECRET_ENTRY) files++;
    });

    const known = knownMigrations(opts.migrationsFolder ?? migrationsFolder()).length;
    if (known > 0 && manifest.database.migrations.applied > known) {
      throw new BackupError(
        `${archive} was taken at migration ${manifest.database.migrations.applied} (${manifest.database.migrations.latest ?? "?"}), newer than this code (${known} migrations): restore it with app version ${manifest.app.version} or later. Nothing was changed.`,
      );
    }

    // Unpack the database where it will live and count what it holds.
    const pgliteDir = path.join(staging, "pglite");
    const pglite = await PGlite.create({
      dataDir: pgliteDir,
      loadDataDir: await openAsBlob(path.join(staging, "entries", DATABASE_ENTRY)),
      extensions: PGLITE_EXTENSIONS,
    });
    const rows: Record<string, number> = {};
    try {
      const tables = await pglite.query<{ schema: string; name: string }>(
        "select schemaname as schema, tablename as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2",
      );
      for (const { schema, name } of tables.rows) {
        const result = await pglite.query<{ n: number }>(`select count(*)::int as n from "${schema.replace(/"/g, '""')}"."${name.replace(/"/g, '""')}"`);
        rows[schema === "public" ? name : `${schema}.${name}`] = result.rows[0].n;
      }
    } finally {
      await pglite.close();
    }
    const expected = manifest.database.rows;
    for (const table of new Set([...Object.keys(expected), ...Object.keys(rows)])) {
      if (expected[table] !== rows[table]) {
        throw new BackupError(
          `${archive} cannot be used: the restored database has ${rows[table] ?? "no"} rows in ${table} where the manifest says ${expected[table] ?? "none"}. Nothing was changed.`,
        );
      }
    }

    // Everything checks out: move it into place.
    await rename(pgliteDir, path.join(target, "pglite"));
    for (const folder of FILE_FOLDERS) {
      await rename(path.join(staging, "entries", folder), path.join(target, folder)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      });
    }
    await rename(path.join(staging, "entries", SECRET_ENTRY), path.join(target, SECRET_ENTRY)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
    await rm(staging, { recursive: true, force: true });
    return { manifest, rows, files };
  } catch (error) {
    // Leave DATA_DIR as it was: empty (or absent, when the restore made it).
    await rm(staging, { recursive: true, force: true });
    if (!existing) await rmdir(target).catch(() => {});
    throw error;
  }
}

/**
 * A consistent backup of the embedded deployment: the PGlite data directory and every file of the
 * local storage (public and private buckets), taken while the app serves.
 *
 * The rule that is not obvious — why files are hard-linked around the database snapshot:
 * the app writes a file before it commits the row naming it, and deletes a file only after it has
 * committed the change that stops naming it (keys are never reused). So
 *   1. before the snapshot, every stored file is hard-linked into a staging folder (no lock held);
 *   2. the snapshot runs holding PGlite's transaction lock (no other query or transaction can run:
 *      requests wait, they are not refused): row counts, migration level, CHECKPOINT,
 *      `dumpDataDir()`, and a hard link of every file that appeared since step 1 (a listing and
 *      a few links; a file the snapshot names was written before its row committed, so it is on
 *      disk now, and no later deletion can take it from the staging folder);
 *   3. the archive is written from the staging folder, which nothing else touches.
 * Every file the database snapshot names is therefore in the archive, whatever uploads and deletes
 * happen meanwhile; files uploaded after the snapshot may be in it too, unnamed (harmless orphans).
 * A hard link costs no copy; where the filesystem refuses one (another device), the file is copied.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Dirent } from "node:fs";
import { copyFile, link, mkdir, readFile, readdir, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { migrationsFolder } from "~/lib/db.server";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  DATABASE_ENTRY,
  FILE_FOLDERS,
  MANIFEST_ENTRY,
  type Manifest,
  type ManifestEntry,
  SECRET_ENTRY,
  appVersion,
  knownMigrations,
  pgliteVersion,
} from "./manifest.server";
import { tarEnd, tarEntry, tarHeader, tarPadding } from "./tar.server";

export interface BackupSource {
  pglite: PGlite;
  /** The DATA_DIR whose `uploads/`, `private/` and `auth-secret` go into the backup. */
  dataDir: string;
  takenBy: Manifest["takenBy"];
  migrationsFolder?: string;
  /** Called between the first pass over the files and the snapshot (tests write there to prove the second pass). */
  beforeSnapshot?: () => Promise<void>;
}

export interface Backup {
  /** Everything but the checksums and sizes, known once the snapshot is taken. */
  createdAt: string;
  rows: Record<string, number>;
  files: number;
  /** How long the database was held (queries waited) for the snapshot. */
  lockMs: number;
  /** The archive's bytes; the staging folder is removed when it ends (or is abandoned). */
  stream: AsyncGenerator<Buffer>;
}

/** Where staging folders live: on the storage's own filesystem, so hard links work. */
const STAGING = ".backup-staging";

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Files (relative to dataDir, "/"-separated) under the storage folders; a missing folder has none. */
async function listStoredFiles(dataDir: string): Promise<string[]> {
  const out: string[] = [];
  for (const folder of FILE_FOLDERS) {
    let entries: Dirent[];
    try {
      entries = await readdir(path.join(dataDir, folder), { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      out.push(path.relative(dataDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
    }
  }
  return out.sort();
}

/** Hard-link (or copy) each file not staged yet; a file deleted since the listing is skipped. */
async function stage(dataDir: string, staging: string, files: string[], staged: Set<string>): Promise<void> {
  const made = new Set<string>();
  const queue = files.filter((file) => !staged.has(file));
  const worker = async () => {
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      const from = path.join(dataDir, file);
      const to = path.join(staging, file);
      const dir = path.dirname(to);
      if (!made.has(dir)) {
        await mkdir(dir, { recursive: true });
        made.add(dir);
      }
      try {
        await link(from, to);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT") continue;
        if (code === "EXDEV" || code === "EPERM" || code === "ENOTSUP" || code === "EMLINK") {
          try {
            await copyFile(from, to);
          } catch (copyError) {
            if ((copyError as NodeJS.ErrnoException).code === "ENOENT") continue;
            throw copyError;
          }
        } else if (code !== "EEXIST") throw error;
      }
      staged.add(file);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/**
 * Take the snapshot (see the header) and return the archive to stream. Throws before anything is
 * streamed when the snapshot cannot be taken.
 */
export async function createBackup(source: BackupSource): Promise<Backup> {
  const dataDir = path.resolve(source.dataDir);
  const stagingRoot = path.join(dataDir, STAGING);
  // Only one process can hold the database, and it takes one backup at a time: anything left
  // here is from a backup that stopped midway.
  await rm(stagingRoot, { recursive: true, force: true });
  const staging = path.join(stagingRoot, `${process.pid}-${randomBytes(4).toString("hex")}`);
  await mkdir(staging, { recursive: true, mode: 0o700 });
  const staged = new Set<string>();
  try {
    await stage(dataDir, staging, await listStoredFiles(dataDir), staged);

    await source.beforeSnapshot?.();
    const migrations = knownMigrations(source.migrationsFolder ?? migrationsFolder());
    let locked = 0;
    const snapshot = await source.pglite.transaction(async (tx) => {
      locked = performance.now();
      const tables = await tx.query<{ schema: string; name: string }>(
        "select schemaname as schema, tablename as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2",
      );
      const rows: Record<string, number> = {};
      for (const { schema, name } of tables.rows) {
        const result = await tx.query<{ n: number }>(`select count(*)::int as n from ${quoteIdent(schema)}.${quoteIdent(name)}`);
        rows[schema === "public" ? name : `${schema}.${name}`] = result.rows[0].n;
      }
      let latest: string | null = null;
      if (tables.rows.some((t) => t.schema === "drizzle" && t.name === "__drizzle_migrations")) {
        const last = await tx.query<{ when: string | null }>("select max(created_at)::text as when from drizzle.__drizzle_migrations");
        const when = last.rows[0]?.when;
        latest = when ? (migrations.find((m) => String(m.when) === when)?.tag ?? `created_at ${when}`) : null;
      }
      // Written pages on disk, so the restored directory needs (almost) no recovery.
      await tx.exec("checkpoint");
      const dump = await source.pglite.dumpDataDir("none");
      await stage(dataDir, staging, await listStoredFiles(dataDir), staged);
      return { rows, latest, dump, createdAt: new Date().toISOString(), lockMs: Math.round(performance.now() - locked) };
    });
    const applied = snapshot.rows["drizzle.__drizzle_migrations"] ?? 0;
    let secret: Buffer | null = null;
    try {
      secret = await readFile(path.join(dataDir, SECRET_ENTRY));
    } catch {
      // BETTER_AUTH_SECRET is set (or nothing was signed yet): there is no secret file to keep.
    }
    const files = [...staged].sort();

    async function* archive(): AsyncGenerator<Buffer> {
      const entries: ManifestEntry[] = [];
      let bytes = 0;
      const add = function* (name: string, data: Buffer, mode = 0o644) {
        entries.push({ path: name, size: data.length, sha256: createHash("sha256").update(data).digest("hex") });
        yield* tarEntry(name, data, { mode });
      };
      try {
        // The dump is the largest entry: streamed from the Blob PGlite made, not copied again.
        const hash = createHash("sha256");
        yield* tarHeader(DATABASE_ENTRY, snapshot.dump.size, { mode: 0o600 });
        for await (const chunk of snapshot.dump.stream() as unknown as AsyncIterable<Uint8Array>) {
          hash.update(chunk);
          yield Buffer.from(chunk);
        }
        yield tarPadding(snapshot.dump.size);
        entries.push({ path: DATABASE_ENTRY, size: snapshot.dump.size, sha256: hash.digest("hex") });
        if (secret) yield* add(SECRET_ENTRY, secret, 0o600);
        for (const file of files) {
          const data = await readFile(path.join(staging, file));
          bytes += data.length;
          yield* add(file, data, file.startsWith("private/") ? 0o600 : 0o644);
        }
        const manifest: Manifest = {
          format: BACKUP_FORMAT,
          formatVersion: BACKUP_FORMAT_VERSION,
          createdAt: snapshot.createdAt,
          app: appVersion(),
          takenBy: source.takenBy,
          database: { engine: "pglite", pgliteVersion: pgliteVersion(), migrations: { applied, latest: snapshot.latest }, rows: snapshot.rows },
          files: { count: files.length, bytes },
          entries,
        };
        yield* tarEntry(MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest, null, 2) + "\n"));
        yield tarEnd();
      } finally {
        await rm(staging, { recursive: true, force: true });
        await rmdir(stagingRoot).catch(() => {});
      }
    }
    return { createdAt: snapshot.createdAt, rows: snapshot.rows, files: files.length, lockMs: snapshot.lockMs, stream: archive() };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

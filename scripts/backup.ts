/**
 * `npm run backup [-- --out FILE|DIR] [-- --offline]`: a consistent backup of the embedded database
 * (PGlite under DATA_DIR/pglite) and the local uploads, as one tar archive (ADR 0026).
 *
 * PGlite is single-process: while the server runs, it alone may open the database, so this asks
 * it (POST /ops/backup on loopback, with a token derived from the app's secret) to take the
 * snapshot and stream the archive. When no server answers on PORT, it opens the directory itself.
 * The archive is written to `<file>.partial`, read back and checked end to end, then renamed.
 * PostgreSQL (DATABASE_URL) and S3 (S3_BUCKET) deployments are backed up with their own tools:
 * README, section Backups.
 */
import { existsSync, statSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { open } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { embeddedSettings } from "./embedded-settings";
import { createDatabase, embeddedPglite } from "../app/lib/db.server";
import { BackupError, backupToken, createBackup, verifyBackup } from "../app/modules/backups/index.server";

const USAGE = "usage: npm run backup [-- --out FILE_OR_FOLDER] [--offline]";
const README_HINT = "See the README, section Backups, for how to back up a PostgreSQL and S3 deployment (pg_dump or WAL archiving, bucket versioning).";

if (existsSync(".env")) process.loadEnvFile(".env");

function parseArgs(argv: string[]): { out?: string; offline: boolean } | null {
  const args = { offline: false } as { out?: string; offline: boolean };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--offline") args.offline = true;
    else if (argv[i] === "--out" && argv[i + 1]) args.out = argv[++i];
    else if (argv[i].startsWith("--out=")) args.out = argv[i].slice(6);
    else return null;
  }
  return args;
}

function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-");
}

function outputFile(out: string | undefined, dataDir: string): string {
  const name = `spotfolio-backup-${stamp(new Date())}.tar`;
  let file = path.resolve(out ?? "backups");
  if (!out || out.endsWith("/") || (existsSync(file) && statSync(file).isDirectory())) file = path.join(file, name);
  if (existsSync(file)) throw new BackupError(`${file} exists already: choose another --out (a backup never replaces another).`);
  const relative = path.relative(dataDir, file);
  if (!relative.startsWith("..") && !path.isAbsolute(relative)) {
    throw new BackupError(
      `Keep backups outside DATA_DIR (${dataDir}): a restore needs an empty DATA_DIR, and a disk that loses the data loses the backup with it. Choose another --out.`,
    );
  }
  return file;
}

/** The server's answer, or null when nothing listens on PORT. */
async function askServer(host: string, port: number): Promise<Response | null> {
  const loopback = host === "0.0.0.0" || host === "::" || host === "" || host === "localhost" ? "127.0.0.1" : host;
  const url = `http://${loopback.includes(":") ? `[${loopback}]` : loopback}:${port}/ops/backup`;
  try {
    return await fetch(url, { method: "POST", headers: { Authorization: `Bearer ${backupToken()}`, "Accept-Encoding": "identity" } });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code === "ECONNREFUSED") return null;
    throw new BackupError(`Could not reach the server at ${url}: ${(error as { cause?: Error }).cause?.message ?? (error as Error).message}`);
  }
}

async function writeArchive(file: string, source: AsyncIterable<Uint8Array>): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  // The archive holds every account and private document: readable by this user only.
  const handle = await open(file, "w", 0o600);
  await pipeline(Readable.from(source), handle.createWriteStream());
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (!args) {
    console.error(USAGE);
    return 2;
  }
  const settings = embeddedSettings((what) => `npm run backup copies the embedded database and local uploads only, and ${what} is set. ${README_HINT}`);
  if ("exitCode" in settings) return settings.exitCode;
  const { config } = settings;
  const dataDir = path.resolve(config.DATA_DIR);
  const file = outputFile(args.out, dataDir);
  const partial = `${file}.partial`;
  const pgliteDir = path.join(dataDir, "pglite");
  // Checked first: a wrong DATA_DIR must not get a secret file made in it (the token is derived from it).
  if (!existsSync(path.join(pgliteDir, "PG_VERSION"))) {
    console.error(`There is no embedded database in ${pgliteDir}: nothing to back up (is DATA_DIR right?).`);
    return 1;
  }
  try {
    let takenBy: string;
    const response = args.offline ? null : await askServer(config.HOST, config.PORT);
    if (response) {
      if (response.status === 404) {
        await response.body?.cancel();
        console.error(
          `The server on port ${config.PORT} has no backup endpoint for this request (404): it is an older version (restart it after updating), or it is not reached over loopback (set HOST to a loopback address or 0.0.0.0), or it is another program.`,
        );
        return 1;
      }
      if (response.status !== 200 || !response.body) {
        console.error(`The server on port ${config.PORT} refused the backup (${response.status}): ${(await response.text()).trim()}`);
        return 1;
      }
      takenBy = `the server on port ${config.PORT}`;
      await writeArchive(partial, Readable.fromWeb(response.body as never));
    } else {
      if (!args.offline && existsSync(path.join(pgliteDir, "postmaster.pid"))) {
        console.error(
          `No server answers on port ${config.PORT}, but ${pgliteDir} is held by a process (postmaster.pid). If the server runs on another port, set PORT to it and run again. If no process uses the directory (the server was killed), run \`npm run backup -- --offline\`.`,
        );
        return 1;
      }
      takenBy = "this process (no server running)";
      const handle = await createDatabase({ dataDir: pgliteDir });
      try {
        const backup = await createBackup({ pglite: embeddedPglite(handle.db)!, dataDir, takenBy: "offline" });
        await writeArchive(partial, backup.stream);
      } finally {
        await handle.close();
      }
    }
    const manifest = await verifyBackup(partial);
    await rename(partial, file);
    const rows = Object.values(manifest.database.rows).reduce((a, b) => a + b, 0);
    console.log(
      `Backup written and verified: ${file}\n  taken ${manifest.createdAt} by ${takenBy}; app ${manifest.app.version}; migration ${manifest.database.migrations.latest ?? "none"}\n  ${rows} rows in ${Object.keys(manifest.database.rows).length} tables, ${manifest.files.count} files (${manifest.files.bytes} bytes)`,
    );
    return 0;
  } catch (error) {
    await rm(partial, { force: true });
    if (error instanceof BackupError) {
      console.error(error.message);
      return 1;
    }
    if ((error as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE" || (error as Error).name === "TypeError") {
      console.error(`The backup stopped before the end (${(error as Error).message}); nothing was written. See the server's log.`);
      return 1;
    }
    throw error;
  }
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error) => {
    if (error instanceof BackupError) console.error(error.message);
    else console.error(error);
    process.exitCode = 1;
  });

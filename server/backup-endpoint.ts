/**
 * `POST /ops/backup`: the running server takes a backup of its embedded database and local files
 * (modules/backups) and streams the archive to `npm run backup`, because PGlite is single-process
 * and no other process may open its directory while the server holds it (ADR 0026).
 *
 * Only for the operator's machine: the socket's peer must be loopback and the request must not
 * have come through a proxy (a reverse proxy on this host connects from loopback too, so any
 * forwarding header refuses it), and it must carry the bearer token derived from the app's secret.
 * Anyone else is answered as if the address did not exist.
 */
import { Readable } from "node:stream";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { Logger } from "pino";
import { type Database, embeddedPglite } from "../app/lib/db.server";
import { env } from "../app/lib/env.server";
import { isLoopback } from "../app/lib/loopback.server";
import { createBackup, isBackupToken } from "../app/modules/backups/index.server";

export const BACKUP_PATH = "/ops/backup";

const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-real-ip", "via"];

export function backupEndpoint(opts: { db: Database; log: Logger }) {
  let running = false;
  return async (c: Context): Promise<Response> => {
    let peer = "";
    try {
      peer = getConnInfo(c).remote.address ?? "";
    } catch {
      // No socket (app.request() in a test): not loopback.
    }
    const text = (body: string, status: number) =>
      new Response(body + "\n", { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
    if (!isLoopback(peer) || FORWARDING_HEADERS.some((name) => c.req.header(name) !== undefined)) return text("Not found", 404);
    if (!isBackupToken(c.req.header("authorization"))) {
      opts.log.warn({ path: BACKUP_PATH }, "backup refused: the token does not match");
      return text("The backup token does not match this server's secret: run `npm run backup` with the server's DATA_DIR and BETTER_AUTH_SECRET.", 401);
    }
    const pglite = embeddedPglite(opts.db);
    if (!pglite || env().S3_BUCKET) {
      return text(
        "This server keeps its data in PostgreSQL (DATABASE_URL) or an S3 bucket (S3_BUCKET), which `npm run backup` does not copy: see the README, section Backups.",
        409,
      );
    }
    if (running) return text("A backup is already running on this server: wait for it to finish.", 409);
    running = true;
    const started = performance.now();
    let backup;
    try {
      backup = await createBackup({ pglite, dataDir: env().DATA_DIR, takenBy: "server" });
    } catch (error) {
      running = false;
      opts.log.error({ err: error }, "backup failed");
      return text(`The server could not take the backup: ${(error as Error).message}`, 500);
    }
    opts.log.info({ files: backup.files, lockMs: backup.lockMs, snapshotMs: Math.round(performance.now() - started) }, "backup: snapshot taken, streaming");
    const stream = backup.stream;
    async function* body() {
      let complete = false;
      try {
        yield* stream;
        complete = true;
      } finally {
        running = false;
        if (complete) opts.log.info({ ms: Math.round(performance.now() - started) }, "backup: sent");
        else opts.log.warn("backup: stopped before the end (the client went away or a file could not be read)");
      }
    }
    return new Response(Readable.toWeb(Readable.from(body())) as ReadableStream<Uint8Array>, {
      status: 200,
      headers: { "Content-Type": "application/x-tar", "Cache-Control": "no-store, no-transform", "X-Backup-Created-At": backup.createdAt },
    });
  };
}

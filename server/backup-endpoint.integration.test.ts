/**
 * `npm run backup` against a running server (ADR 0026): the whole app (Hono and React Router,
 * in-process) serves on loopback port 4611 from an embedded database on disk, the CLI runs as its
 * own process and asks the server for the snapshot, and meanwhile pages keep being served and spot
 * photos keep being uploaded and removed through the app's own functions. The archive restores into
 * an empty DATA_DIR where every file the database names exists. Also: the endpoint answers only
 * loopback with the token, and the CLI's refusals say what to do.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, openAsBlob, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { serve } from "@hono/node-server";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { spots } from "#db/schema";
import { createCreator, createMap } from "../db/seed/factories";
import { stubDataDir } from "../tests/setup/data-dir";
import { testDriver } from "../tests/setup/database";
import { type EdgeServer, edgeServer } from "../tests/setup/edge-server";
import { ensurePgliteTemplate } from "../tests/setup/template";
import { type DatabaseHandle, createDatabase, PGLITE_EXTENSIONS } from "~/lib/db.server";
import { resetEnvCache } from "~/lib/env.server";
import { backupToken, restoreBackup } from "~/modules/backups/index.server";
import { addSpotPhotos, editSpotPhotos } from "~/modules/spots/spot-photos.server";

const PORT = 4611;
/** A port in the tests' range where nothing listens. */
const IDLE_PORT = 4612;

function runCli(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(path.resolve("node_modules/.bin/tsx"), [path.join("scripts", script), ...args], {
      env: { ...process.env, LOG_LEVEL: "silent", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

const image = (n: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: (n * 37) % 256, g: (n * 91) % 256, b: 120 } } })
    .png()
    .toBuffer();

describe.skipIf(testDriver() === "postgres")("npm run backup against a running server", () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  let edge: EdgeServer;
  let server: Server;
  let mapSlug: string;
  let ref: { creatorId: string; mapId: string; spotId: string };
  const work = mkdtempSync(path.join(tmpdir(), "spotfolio-backup-server-"));

  beforeAll(async () => {
    dataDir = stubDataDir("backup-server");
    resetEnvCache();
    // The embedded database on disk, as `npm start` has it (from the migrated template).
    const pglite = await PGlite.create({
      dataDir: path.join(dataDir, "pglite"),
      loadDataDir: await openAsBlob(await ensurePgliteTemplate()),
      extensions: PGLITE_EXTENSIONS,
    });
    handle = await createDatabase({ pglite });
    const { profile } = await createCreator(handle.db);
    const { map, spots: made } = await createMap(handle.db, { title: "Porto at dusk" }, { ownerId: profile.id, spots: 3 });
    mapSlug = map.currentSlug;
    ref = { creatorId: profile.id, mapId: map.id, spotId: made[0].id };
    expect((await addSpotPhotos(handle.db, ref, [{ bytes: await image(0) }])).ok).toBe(true);
    edge = await edgeServer(handle.db);
    server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: edge.app.fetch, port: PORT, hostname: "127.0.0.1" }, () => resolve(s as Server));
    });
  });

  afterAll(async () => {
    if ("closeAllConnections" in (server ?? {})) server.closeAllConnections();
    await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
    await handle?.close();
    vi.unstubAllEnvs();
    resetEnvCache();
  });

  it("takes a consistent backup inside the server while it serves pages and takes uploads", { timeout: 180_000 }, async () => {
    const out = path.join(work, "server-backup.tar");
    let running = true;
    const served: { at: number; status: number }[] = [];
    const pages = (async () => {
      while (running) {
        const response = await fetch(`http://127.0.0.1:${PORT}/maps/${mapSlug}`, { headers: { Accept: "text/html" } });
        await response.arrayBuffer();
        served.push({ at: Date.now(), status: response.status });
      }
    })();
    // Uploads and removals through the app's own photo functions: files written before the row, deleted after it.
    let uploads = 0;
    const writes = (async () => {
      for (let n = 1; running; n++) {
        const added = await addSpotPhotos(handle.db, ref, [{ bytes: await image(n) }]);
        if (!added.ok) throw new Error(added.error);
        uploads++;
        if (added.photos.length > 2) {
          const removed = await editSpotPhotos(handle.db, ref, { intent: "remove", photoId: added.photos[0].id });
          if (!removed.ok) throw new Error(removed.error);
        }
      }
    })();

    const cli = await runCli("backup.ts", ["--out", out], { DATA_DIR: dataDir, PORT: String(PORT), HOST: "127.0.0.1" });
    running = false;
    await Promise.all([pages, writes]);

    expect(cli.stderr).toBe("");
    expect(cli.code).toBe(0);
    expect(cli.stdout).toMatch(`Backup written and verified: ${out}`);
    expect(cli.stdout).toMatch(`by the server on port ${PORT}`);
    // The server kept answering: every page a 200, before and after the snapshot was taken.
    const snapshot = edge.lines.find((line) => line.msg === "backup: snapshot taken, streaming");
    expect(snapshot, "the server took the snapshot").toBeDefined();
    const snapshotAt = Number(snapshot!.time);
    expect(served.every((r) => r.status === 200)).toBe(true);
    expect(served.some((r) => r.at < snapshotAt)).toBe(true);
    expect(served.some((r) => r.at > snapshotAt)).toBe(true);
    expect(uploads).toBeGreaterThan(0);
    expect(edge.lines.some((line) => line.msg === "backup: sent")).toBe(true);

    // Restored, every photo the database names has all its files.
    const target = path.join(work, "restored");
    const restored = await restoreBackup(out, target);
    expect(restored.manifest.takenBy).toBe("server");
    const copy = await createDatabase({ dataDir: path.join(target, "pglite") });
    try {
      const photos = (await copy.db.select({ photos: spots.photos }).from(spots)).flatMap((s) => s.photos);
      expect(photos.length).toBeGreaterThan(0);
      for (const key of photos.flatMap((p) => p.keys)) expect(existsSync(path.join(target, "uploads/spot-photos", key)), key).toBe(true);
    } finally {
      await copy.close();
    }
    expect(existsSync(path.join(dataDir, ".backup-staging"))).toBe(false);
  });

  it("cleans up when the client goes away midway, and takes the next backup", { timeout: 120_000 }, async () => {
    const aborted = new AbortController();
    const response = await fetch(`http://127.0.0.1:${PORT}/ops/backup`, {
      method: "POST",
      headers: { Authorization: `Bearer ${backupToken()}`, "Accept-Encoding": "identity" },
      signal: aborted.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read();
    aborted.abort();
    await expect.poll(() => edge.lines.some((line) => line.msg.startsWith("backup: stopped before the end")), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => existsSync(path.join(dataDir, ".backup-staging")), { timeout: 30_000 }).toBe(false);
    const again = await fetch(`http://127.0.0.1:${PORT}/ops/backup`, {
      method: "POST",
      headers: { Authorization: `Bearer ${backupToken()}`, "Accept-Encoding": "identity" },
    });
    expect(again.status).toBe(200);
    expect((await again.arrayBuffer()).byteLength).toBeGreaterThan(1024 * 1024);
  });

  it("answers only loopback requests that carry the token", async () => {
    const post = (ip: string, headers: Record<string, string>) => edge.request("/ops/backup", { method: "POST", headers }, ip);
    const token = { Authorization: `Bearer ${backupToken()}` };
    expect((await post("203.0.113.7", token)).status).toBe(404);
    // Through a reverse proxy on this machine: loopback, but forwarded.
    expect((await post("127.0.0.1", { ...token, "X-Forwarded-For": "203.0.113.7" })).status).toBe(404);
    const wrong = await post("127.0.0.1", { Authorization: "Bearer not-the-token" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toMatch(/token does not match/);
    expect((await post("127.0.0.1", {})).status).toBe(401);
  });

  it("refuses to open a database another process holds when no server answers", { timeout: 60_000 }, async () => {
    const cli = await runCli("backup.ts", ["--out", path.join(work, "never.tar")], { DATA_DIR: dataDir, PORT: String(IDLE_PORT) });
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(`No server answers on port ${IDLE_PORT}, but`);
    expect(cli.stderr).toMatch(/set PORT to it/);
    expect(existsSync(path.join(work, "never.tar"))).toBe(false);
    expect(existsSync(path.join(work, "never.tar.partial"))).toBe(false);
  });

  it("opens the database itself when no server runs", { timeout: 120_000 }, async () => {
    // A DATA_DIR no process holds: the template database, closed.
    const idle = path.join(work, "idle-data");
    mkdirSync(idle);
    const pglite = await PGlite.create({
      dataDir: path.join(idle, "pglite"),
      loadDataDir: await openAsBlob(await ensurePgliteTemplate()),
      extensions: PGLITE_EXTENSIONS,
    });
    await pglite.close();
    const out = path.join(work, "offline.tar");
    const cli = await runCli("backup.ts", ["--out", out], { DATA_DIR: idle, PORT: String(IDLE_PORT) });
    expect(cli.stderr).toBe("");
    expect(cli.code).toBe(0);
    expect(cli.stdout).toMatch("by this process (no server running)");
    expect(existsSync(path.join(idle, "pglite/postmaster.pid"))).toBe(false);
    const again = await runCli("backup.ts", ["--out", out], { DATA_DIR: idle, PORT: String(IDLE_PORT) });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch("exists already");
  });

  it("points a PostgreSQL or S3 deployment to the README", { timeout: 60_000 }, async () => {
    const cli = await runCli("backup.ts", [], { DATA_DIR: dataDir, DATABASE_URL: "postgres://backup@127.0.0.1:1/none" });
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/DATABASE_URL is set\. See the README, section Backups/);
    const s3 = await runCli("backup.ts", [], { DATA_DIR: dataDir, S3_BUCKET: "spotfolio-uploads" });
    expect(s3.code).toBe(1);
    expect(s3.stderr).toMatch(/S3_BUCKET is set\. See the README, section Backups/);
  });

  it("npm run restore refuses a DATA_DIR that is not empty, naming what is there", { timeout: 60_000 }, async () => {
    const target = path.join(work, "occupied");
    mkdirSync(target);
    writeFileSync(path.join(target, "auth-secret"), "x".repeat(43));
    // Checked before the archive is even opened.
    const cli = await runCli("restore.ts", [path.join(work, "any-backup.tar")], { DATA_DIR: target });
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(`DATA_DIR ${target} is not empty (auth-secret)`);
    expect(cli.stderr).toMatch(/Nothing was changed/);
  });
});

/**
 * The self-hosted basemap (issue 26, item 1): the PMTiles archive of BASEMAP_PMTILES served by the
 * app at /basemap/tiles.pmtiles with range requests, through the whole server in-process, from a
 * local file and from a URL (a bucket: here a second server on loopback); and the startup check
 * that stops a server whose archive is missing, with one line naming the setting.
 */
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/lib/db.server";
import { archiveLocation, checkArchive } from "~/modules/basemap/index.server";
import { getTestDb } from "../tests/setup/database";
import { type EdgeServer, edgeServer } from "../tests/setup/edge-server";
import { writeTestArchive } from "../tests/setup/pmtiles-archive";

const ARCHIVE = "/basemap/tiles.pmtiles";
const archive = writeTestArchive();
const size = archive.bytes.length;

let db: Database;
let fromFile: EdgeServer;
let bucket: Awaited<ReturnType<EdgeServer["listen"]>>;
let fromUrl: EdgeServer;

beforeAll(async () => {
  db = await getTestDb();
  // A relative BASEMAP_PMTILES is read from DATA_DIR.
  fromFile = await edgeServer(db, { basemapArchive: archiveLocation("basemap.pmtiles", archive.dir) });
  bucket = await fromFile.listen();
  fromUrl = await edgeServer(db, { basemapArchive: archiveLocation(`${bucket.url}${ARCHIVE}?X-Signature=secret`, "/unused") });
}, 120_000);

afterAll(async () => {
  await bucket?.close();
  rmSync(archive.dir, { recursive: true, force: true });
});

const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

for (const [name, server] of [
  ["a file under DATA_DIR", () => fromFile],
  ["a URL (a bucket)", () => fromUrl],
] as const) {
  describe(`the archive from ${name}`, () => {
    it("answers a range with 206 and exactly those bytes", async () => {
      const response = await server().request(ARCHIVE, { headers: { Range: `bytes=${archive.tileDataOffset}-${archive.tileDataOffset + 9}` } });
      expect(response.status).toBe(206);
      expect(response.headers.get("accept-ranges")).toBe("bytes");
      expect(response.headers.get("content-range")).toBe(`bytes ${archive.tileDataOffset}-${archive.tileDataOffset + 9}/${size}`);
      expect(response.headers.get("content-length")).toBe("10");
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(await bytesOf(response)).toEqual(archive.bytes.slice(archive.tileDataOffset, archive.tileDataOffset + 10));
    });

    it("cuts a reader's first 16 KB to the archive's end", async () => {
      const response = await server().request(ARCHIVE, { headers: { Range: "bytes=0-16383" } });
      expect(response.status).toBe(206);
      expect(response.headers.get("content-range")).toBe(`bytes 0-${size - 1}/${size}`);
      expect(await bytesOf(response)).toEqual(archive.bytes);
    });

    it("answers a range outside the archive with 416 and its size", async () => {
      const response = await server().request(ARCHIVE, { headers: { Range: `bytes=${size}-${size + 100}` } });
      expect(response.status).toBe(416);
      expect(response.headers.get("content-range")).toBe(`bytes */${size}`);
    });

    it("answers HEAD with the size and no body, and GET without a range with the whole archive", async () => {
      const head = await server().request(ARCHIVE, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe(String(size));
      expect(head.headers.get("accept-ranges")).toBe("bytes");
      expect(head.headers.get("etag")).toBeTruthy();
      expect((await head.arrayBuffer()).byteLength).toBe(0);

      const whole = await server().request(ARCHIVE);
      expect(whole.status).toBe(200);
      expect(await bytesOf(whole)).toEqual(archive.bytes);
    });
  });
}

describe("the archive's address", () => {
  it("is a 404 page when no archive is configured", async () => {
    const plain = await edgeServer(db);
    expect((await plain.request(ARCHIVE, { headers: { Range: "bytes=0-9" } })).status).toBe(404);
  });
});

describe("the startup check of BASEMAP_PMTILES", () => {
  it("passes a PMTiles archive, as a file or at a URL", async () => {
    expect(await checkArchive(archiveLocation(archive.file, "/elsewhere"))).toEqual({ ok: true });
    expect(await checkArchive(archiveLocation(`${bucket.url}${ARCHIVE}`, "/unused"))).toEqual({ ok: true });
  });

  it("names the setting and the path of a missing archive", async () => {
    const result = await checkArchive(archiveLocation("maps/planet.pmtiles", archive.dir));
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/^BASEMAP_PMTILES: no archive at .*maps\/planet\.pmtiles .*DATA_DIR/) });
  });

  it("refuses a file that is not a PMTiles archive, and a URL that answers 404, without the URL's query", async () => {
    const other = path.join(archive.dir, "not-an-archive.pmtiles");
    writeFileSync(other, "<html>not found</html>");
    expect(await checkArchive(archiveLocation(other, "/"))).toEqual({ ok: false, message: expect.stringMatching(/is not a PMTiles version 3 archive/) });
    const missing = await checkArchive(archiveLocation(`${bucket.url}/basemap/nothing.pmtiles?X-Signature=secret`, "/"));
    expect(missing).toEqual({
      ok: false,
      message: expect.stringMatching(/^BASEMAP_PMTILES: http:\/\/127\.0\.0\.1:\d+\/basemap\/nothing\.pmtiles answered 404/),
    });
    expect(missing.ok || missing.message).not.toMatch(/secret/);
  });
});

/**
 * `GET|HEAD /basemap/tiles.pmtiles`: the self-hosted basemap's PMTiles archive (BASEMAP_PMTILES), read
 * by the map in the browser one byte range at a time (the header and directory, then each tile). A
 * file is served from disk with single-range support (206, Accept-Ranges, Content-Range; 416 for a
 * range that starts past the end); a URL (a bucket) is asked for the same range and its answer passed
 * on, so the browser only ever talks to this app: the CSP names no other host, and the bucket needs
 * no CORS. Registered only when BASEMAP_PMTILES is set; the archive was checked at startup.
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import type { Context } from "hono";
import type { Logger } from "pino";
import { type ArchiveLocation, byteRange, describeLocation } from "../app/modules/basemap/index.server";

/** Browsers and caches may keep ranges for an hour; a replaced archive has another ETag, which the PMTiles reader checks. */
const CACHE_CONTROL = "public, max-age=3600, no-transform";
const CONTENT_TYPE = "application/vnd.pmtiles";

export function basemapArchiveEndpoint(location: ArchiveLocation, opts: { log: Logger; fetchImpl?: typeof fetch }) {
  return location.kind === "file" ? fileArchive(location.path, opts.log) : remoteArchive(location.url, location, opts);
}

function fileArchive(file: string, log: Logger) {
  return async (c: Context): Promise<Response> => {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) {
      log.error({ archive: file }, "the basemap archive (BASEMAP_PMTILES) is gone");
      return new Response("The basemap archive is not available.", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    const size = info.size;
    const etag = `"${size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
    const headers = new Headers({
      "Accept-Ranges": "bytes",
      "Content-Type": CONTENT_TYPE,
      "Cache-Control": CACHE_CONTROL,
      ETag: etag,
      "Last-Modified": info.mtime.toUTCString(),
      "X-Content-Type-Options": "nosniff",
    });
    // If-Range names the copy the client holds parts of: for another copy, the whole new one.
    const ifRange = c.req.header("if-range");
    const answer = byteRange(ifRange && ifRange !== etag ? null : c.req.header("range"), size);
    if (answer.kind === "unsatisfiable") {
      headers.set("Content-Range", `bytes */${size}`);
      headers.set("Content-Length", "0");
      return new Response(null, { status: 416, headers });
    }
    const [start, end] = answer.kind === "part" ? [answer.start, answer.end] : [0, size - 1];
    const length = end - start + 1;
    headers.set("Content-Length", String(length));
    if (answer.kind === "part") headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
    const status = answer.kind === "part" ? 206 : 200;
    if (c.req.method === "HEAD" || length === 0) return new Response(null, { status, headers });
    const body = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream<Uint8Array>;
    return new Response(body, { status, headers });
  };
}

/** Headers of the bucket's answer that describe the bytes, passed on as they are. */
const PASSED_ON = ["content-length", "content-range", "etag", "last-modified"];

function remoteArchive(url: string, location: ArchiveLocation, opts: { log: Logger; fetchImpl?: typeof fetch }) {
  const fetchImpl = opts.fetchImpl ?? fetch;
  return async (c: Context): Promise<Response> => {
    const asked = new Headers({ "Accept-Encoding": "identity" });
    for (const name of ["range", "if-range"]) {
      const value = c.req.header(name);
      if (value) asked.set(name, value);
    }
    const head = c.req.method === "HEAD";
    let upstream: Response;
    try {
      upstream = await fetchImpl(url, { method: head ? "HEAD" : "GET", headers: asked, signal: AbortSignal.timeout(30_000) });
    } catch (err) {
      opts.log.warn({ err, archive: describeLocation(location) }, "the basemap archive (BASEMAP_PMTILES) did not answer");
      return new Response("The basemap archive did not answer.", { status: 502, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    if (upstream.status !== 200 && upstream.status !== 206 && upstream.status !== 416) {
      await upstream.body?.cancel();
      opts.log.warn({ status: upstream.status, archive: describeLocation(location) }, "the basemap archive (BASEMAP_PMTILES) answered with an error");
      return new Response("The basemap archive is not available.", { status: 502, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    const headers = new Headers({
      "Accept-Ranges": "bytes",
      "Content-Type": CONTENT_TYPE,
      "Cache-Control": CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
    });
    for (const name of PASSED_ON) {
      const value = upstream.headers.get(name);
      if (value) headers.set(name, value);
    }
    if (head) await upstream.body?.cancel();
    return new Response(head ? null : upstream.body, { status: upstream.status, headers });
  };
}

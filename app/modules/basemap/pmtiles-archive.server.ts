/**
 * The self-hosted basemap's PMTiles archive (BASEMAP_PMTILES): where it is, and whether it is there
 * and is one. Checked once at startup, so a missing or wrong archive stops the server with one line
 * naming the setting, rather than every map failing later. The HTTP side (range requests) is
 * server/basemap-archive.ts.
 */
import { open, stat } from "node:fs/promises";
import path from "node:path";

export type ArchiveLocation = { kind: "file"; path: string } | { kind: "url"; url: string };

/** An http(s) URL as it is; anything else a path, relative to DATA_DIR unless absolute. */
export function archiveLocation(setting: string, dataDir: string): ArchiveLocation {
  if (/^https?:\/\//i.test(setting)) return { kind: "url", url: setting };
  return { kind: "file", path: path.resolve(dataDir, setting) };
}

/** For messages: a URL without its query (a signed URL's signature stays out of logs). */
export function describeLocation(location: ArchiveLocation): string {
  if (location.kind === "file") return location.path;
  const url = new URL(location.url);
  return `${url.origin}${url.pathname}`;
}

/** A PMTiles header is 127 bytes: "PMTiles", then the spec version. */
export const HEADER_BYTES = 127;

export function isPmtilesV3(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && new TextDecoder().decode(bytes.subarray(0, 7)) === "PMTiles" && bytes[7] === 3;
}

export type ArchiveCheck = { ok: true } | { ok: false; message: string };

const FIX = "put the archive there, or unset BASEMAP_PMTILES to use the public street map";

/** Is the archive there, and a PMTiles v3 one? For a URL: its first bytes by a range request. */
export async function checkArchive(location: ArchiveLocation, fetchImpl: typeof fetch = fetch): Promise<ArchiveCheck> {
  const where = describeLocation(location);
  if (location.kind === "file") {
    const info = await stat(location.path).catch(() => null);
    if (!info) return { ok: false, message: `BASEMAP_PMTILES: no archive at ${where} (a relative path is read from DATA_DIR): ${FIX}.` };
    if (!info.isFile()) return { ok: false, message: `BASEMAP_PMTILES: ${where} is not a file: ${FIX}.` };
    const head = Buffer.alloc(8);
    const file = await open(location.path, "r");
    try {
      await file.read(head, 0, 8, 0);
    } finally {
      await file.close();
    }
    return isPmtilesV3(head) ? { ok: true } : { ok: false, message: `BASEMAP_PMTILES: ${where} is not a PMTiles version 3 archive.` };
  }
  let response: Response;
  try {
    response = await fetchImpl(location.url, { headers: { Range: `bytes=0-${HEADER_BYTES - 1}` }, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    return { ok: false, message: `BASEMAP_PMTILES: ${where} could not be reached (${reason}): check the URL, or unset BASEMAP_PMTILES.` };
  }
  if (response.status !== 200 && response.status !== 206) {
    await response.body?.cancel();
    return { ok: false, message: `BASEMAP_PMTILES: ${where} answered ${response.status}, not the archive: ${FIX}.` };
  }
  const bytes = new Uint8Array(await readAtMost(response, 8));
  return isPmtilesV3(bytes) ? { ok: true } : { ok: false, message: `BASEMAP_PMTILES: ${where} is not a PMTiles version 3 archive.` };
}

/** The first `limit` bytes of a body, without reading the rest (a server that ignores Range sends the whole archive). */
async function readAtMost(response: Response, limit: number): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  while (length < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.length;
  }
  await reader.cancel();
  return Buffer.concat(chunks).subarray(0, limit);
}

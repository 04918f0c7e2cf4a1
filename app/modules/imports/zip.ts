/**
 * Opening an uploaded zip (a Takeout export, a My Maps KMZ) without trusting
 * it. The central directory is read first and the zip is refused, before a
 * byte is inflated, when it declares too many entries or too much data; the
 * entries are then inflated in small steps with the real output counted, so
 * that a header that lies about its size is caught as soon as it is exceeded
 * rather than after the memory is gone. Names that climb out of the archive
 * (`../`, absolute paths) refuse the whole zip: an export never has them.
 *
 * Pure (bytes in, entries out), no server code.
 */
import { Unzip, UnzipInflate, unzipSync, type UnzipFile } from "fflate";
import { IMPORT_LIMITS, type ImportFileError } from "./import-row";

export type UnzipResult = { ok: true; entries: Map<string, Uint8Array> } | { ok: false; error: ImportFileError };

export interface UnzipOptions {
  maxEntries?: number;
  maxUnzippedBytes?: number;
}

interface DirectoryEntry {
  name: string;
  compression: number;
  originalSize: number;
  encrypted: boolean;
}

// Compressed input is fed to the inflater this much at a time: DEFLATE expands
// at most ~1032:1, so one step can never produce more than ~17 MB before the
// running total is checked again.
const STEP = 16 * 1024;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Thrown from inside fflate's callbacks to stop inflating at once; caught below. */
class Refused extends Error {}

export function unzipSafely(file: string, bytes: Uint8Array, opts: UnzipOptions = {}): UnzipResult {
  const maxEntries = opts.maxEntries ?? IMPORT_LIMITS.maxZipEntries;
  const maxBytes = opts.maxUnzippedBytes ?? IMPORT_LIMITS.maxUnzippedBytes;
  const refuse = (message: string): UnzipResult => ({ ok: false, error: { file, message: `${file}: ${message}` } });

  const directory = readDirectory(bytes);
  if (!directory) return refuse("this is not a zip file, or it is damaged (its table of contents cannot be read).");

  if (directory.length > maxEntries) {
    return refuse(`the zip holds ${directory.length.toLocaleString("en")} entries; at most ${maxEntries.toLocaleString("en")} are accepted.`);
  }
  const declared = directory.reduce((total, entry) => total + entry.originalSize, 0);
  if (declared > maxBytes) {
    return refuse(`the zip would unpack to ${megabytes(declared)}; at most ${megabytes(maxBytes)} are accepted.`);
  }

  const wanted = new Map<string, DirectoryEntry>();
  for (const entry of directory) {
    if (entry.name.endsWith("/")) continue; // a folder, no content
    const path = safePath(entry.name);
    if (!path) return refuse(`the entry "${entry.name}" has an unsafe path (outside the archive); the zip is refused.`);
    if (entry.encrypted || entry.compression === 99) {
      return refuse(`"${entry.name}" is encrypted (password-protected); export the file again without a password.`);
    }
    if (entry.compression !== 0 && entry.compression !== 8) {
      return refuse(
        `"${entry.name}" uses a compression method (${entry.compression}) this importer cannot read; zip it again with ordinary (deflate) compression.`,
      );
    }
    wanted.set(entry.name, entry);
  }

  const entries = new Map<string, Uint8Array>();
  let total = 0;
  try {
    const unzipper = new Unzip((stream: UnzipFile) => {
      const entry = wanted.get(stream.name);
      if (!entry) return; // folders, or a local header the directory does not list
      const chunks: Uint8Array[] = [];
      let size = 0;
      stream.ondata = (error, data, final) => {
        if (error) throw error instanceof Refused ? error : new Refused(`"${stream.name}" cannot be unpacked (${error.message}); the zip is damaged.`);
        size += data.length;
        total += data.length;
        if (size > entry.originalSize) {
          throw new Refused(`"${stream.name}" unpacks to more than the ${entry.originalSize.toLocaleString("en")} bytes it declares; the zip is refused.`);
        }
        if (total > maxBytes) throw new Refused(`the zip unpacks to more than ${megabytes(maxBytes)}; it is refused.`);
        chunks.push(data);
        if (final) entries.set(safePath(stream.name)!, concat(chunks, size));
      };
      stream.start();
    });
    unzipper.register(UnzipInflate);
    for (let offset = 0; offset < bytes.length; offset += STEP) {
      unzipper.push(bytes.subarray(offset, offset + STEP), offset + STEP >= bytes.length);
    }
  } catch (error) {
    if (error instanceof Refused) return refuse(error.message);
    return refuse(`the zip is damaged and cannot be unpacked (${error instanceof Error ? error.message : String(error)}).`);
  }

  const missing = [...wanted.keys()].filter((name) => !entries.has(safePath(name)!));
  if (missing.length) return refuse(`the zip is damaged: "${missing[0]}" is listed but its content cannot be found.`);
  return { ok: true, entries };
}

/**
 * The central directory, through fflate (its filter sees each entry's declared
 * size and inflates nothing when it answers false), plus the one thing fflate
 * does not report: whether an entry is encrypted. Null when there is no zip.
 */
function readDirectory(bytes: Uint8Array): DirectoryEntry[] | null {
  const entries: DirectoryEntry[] = [];
  try {
    unzipSync(bytes, {
      filter: (info) => {
        entries.push({ name: info.name, compression: info.compression, originalSize: info.originalSize, encrypted: false });
        return false;
      },
    });
  } catch {
    return null;
  }
  const encrypted = encryptionFlags(bytes);
  entries.forEach((entry, index) => (entry.encrypted = encrypted[index] ?? false));
  return entries;
}

/**
 * Bit 0 of each central directory header's flags (APPNOTE 4.3.12), in
 * directory order: the same order fflate's filter saw the entries in.
 * fflate has already checked the structure, so this only walks it.
 */
function encryptionFlags(bytes: Uint8Array): boolean[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - 22;
  while (end > 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) return [];
  let count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  if (end >= 20 && view.getUint32(end - 20, true) === 0x07064b50) {
    const zip64End = Number(view.getBigUint64(end - 12, true));
    if (zip64End + 56 <= bytes.length && view.getUint32(zip64End, true) === 0x06064b50) {
      count = Number(view.getBigUint64(zip64End + 32, true));
      offset = Number(view.getBigUint64(zip64End + 48, true));
    }
  }
  const flags: boolean[] = [];
  for (let index = 0; index < count && offset + 46 <= bytes.length; index++) {
    if (view.getUint32(offset, true) !== 0x02014b50) break;
    flags.push((view.getUint16(offset + 8, true) & 1) === 1);
    offset += 46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return flags;
}

/** The entry's path with `/` separators, or null when it would land outside the archive. */
export function safePath(name: string): string | null {
  const path = name.replace(/\\/g, "/");
  if (!path || path.includes("\0") || path.startsWith("/") || /^[a-zA-Z]:/.test(path)) return null;
  const parts = path.split("/").filter((part) => part !== "" && part !== ".");
  if (!parts.length || parts.includes("..")) return null;
  return parts.join("/");
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

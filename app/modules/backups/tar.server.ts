/**
 * The backup container: a plain POSIX tar (ustar, with a PAX header for a path over 100 bytes or a
 * size over 8 GiB), so an operator can list or unpack a backup with `tar tf` / `tar xf` and no
 * Spotfolio code. Only regular files are written and accepted; the reader checks every header's
 * checksum and insists on the end-of-archive blocks, so a truncated or damaged archive is an error,
 * never a shorter list of entries. Entry contents are checked against the manifest by the caller.
 */

const BLOCK = 512;
const MAX_USTAR_SIZE = 0o77777777777;

export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveError";
  }
}

function writeString(block: Buffer, text: string, offset: number, length: number) {
  block.write(text, offset, Math.min(length, Buffer.byteLength(text)), "utf8");
}

function writeOctal(block: Buffer, value: number, offset: number, length: number) {
  writeString(block, value.toString(8).padStart(length - 1, "0") + "\0", offset, length);
}

function header(name: string, size: number, type: "0" | "x", mtime: number, mode: number): Buffer {
  const block = Buffer.alloc(BLOCK);
  writeString(block, name, 0, 100);
  writeOctal(block, mode, 100, 8);
  writeOctal(block, 0, 108, 8);
  writeOctal(block, 0, 116, 8);
  writeOctal(block, size, 124, 12);
  writeOctal(block, mtime, 136, 12);
  block.fill(" ", 148, 156);
  writeString(block, type, 156, 1);
  writeString(block, "ustar\0", 257, 6);
  writeString(block, "00", 263, 2);
  let sum = 0;
  for (const byte of block) sum += byte;
  writeString(block, sum.toString(8).padStart(6, "0") + "\0 ", 148, 8);
  return block;
}

function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length = String(length).length + Buffer.byteLength(body);
  return `${length}${body}`;
}

/** The header blocks of one regular file of `size` bytes (a PAX header first when needed). */
export function tarHeader(name: string, size: number, options: { mtime?: number; mode?: number } = {}): Buffer[] {
  if (!name || name.startsWith("/") || name.split("/").some((part) => part === ".." || part === "." || part === "")) {
    throw new ArchiveError(`not a relative path: ${name}`);
  }
  const mtime = Math.floor(options.mtime ?? Date.now() / 1000);
  const mode = options.mode ?? 0o644;
  const out: Buffer[] = [];
  const longName = Buffer.byteLength(name) > 100 || /[^\x20-\x7e]/.test(name);
  if (longName || size > MAX_USTAR_SIZE) {
    const records = Buffer.from((longName ? paxRecord("path", name) : "") + (size > MAX_USTAR_SIZE ? paxRecord("size", String(size)) : ""));
    out.push(header("PaxHeaders/" + name.slice(-80).replace(/[^\x20-\x7e]/g, "_"), records.length, "x", mtime, 0o644), records, tarPadding(records.length));
  }
  out.push(header(longName ? name.replace(/[^\x20-\x7e]/g, "_").slice(0, 100) : name, Math.min(size, MAX_USTAR_SIZE), "0", mtime, mode));
  return out;
}

/** The zeros after an entry's bytes, up to the next block. */
export function tarPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** The blocks of one regular file: its header, its bytes, padding. */
export function tarEntry(name: string, data: Uint8Array, options: { mtime?: number; mode?: number } = {}): Buffer[] {
  return [...tarHeader(name, data.length, options), Buffer.from(data.buffer, data.byteOffset, data.byteLength), tarPadding(data.length)];
}

/** The end of an archive: two zero blocks. */
export function tarEnd(): Buffer {
  return Buffer.alloc(BLOCK * 2);
}

export interface TarEntry {
  path: string;
  size: number;
  mode: number;
  /** The entry's bytes; must be read, streamed or `skip`ped before the next entry. */
  data(): Promise<Buffer>;
  /** The entry's bytes in chunks, for entries too large to hold (the database). */
  stream(): AsyncGenerator<Buffer>;
  skip(): Promise<void>;
}

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private done = false;
  private readonly iterator: AsyncIterator<Uint8Array>;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  /** The next `n` bytes as they arrive, in chunks; false at the end when the stream ended first. */
  async *take(n: number): AsyncGenerator<Buffer, boolean> {
    let left = n;
    while (left > 0) {
      if (this.length === 0) {
        if (this.done) return false;
        const next = await this.iterator.next();
        if (next.done) {
          this.done = true;
          return false;
        }
        const chunk = Buffer.from(next.value);
        this.buffered.push(chunk);
        this.length += chunk.length;
        continue;
      }
      const head = this.buffered[0];
      const piece = head.length <= left ? head : head.subarray(0, left);
      if (piece === head) this.buffered.shift();
      else this.buffered[0] = head.subarray(left);
      this.length -= piece.length;
      left -= piece.length;
      yield piece;
    }
    return true;
  }

  /** Exactly `n` bytes, or null when the stream ends first. */
  async read(n: number): Promise<Buffer | null> {
    while (this.length < n && !this.done) {
      const next = await this.iterator.next();
      if (next.done) this.done = true;
      else {
        const chunk = Buffer.from(next.value);
        this.buffered.push(chunk);
        this.length += chunk.length;
      }
    }
    if (this.length < n) return null;
    const all = this.buffered.length === 1 ? this.buffered[0] : Buffer.concat(this.buffered);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    this.buffered = rest.length ? [rest] : [];
    this.length = rest.length;
    return out;
  }
}

function readString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
}

function readOctal(block: Buffer, offset: number, length: number): number {
  const text = readString(block, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new ArchiveError("a header holds a number that is not octal: the archive is damaged");
  return text ? parseInt(text, 8) : 0;
}

function parsePax(records: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let offset = 0;
  while (offset < records.length) {
    const space = records.indexOf(0x20, offset);
    const length = Number(records.subarray(offset, space).toString("ascii"));
    if (space === -1 || !Number.isInteger(length) || length <= space - offset || offset + length > records.length) {
      throw new ArchiveError("a PAX header is malformed: the archive is damaged");
    }
    const record = records.subarray(space + 1, offset + length - 1).toString("utf8");
    const equals = record.indexOf("=");
    if (equals > 0) out[record.slice(0, equals)] = record.slice(equals + 1);
    offset += length;
  }
  return out;
}

/** The regular files of a tar stream, in order. Throws ArchiveError on damage or truncation. */
export async function* readTar(source: AsyncIterable<Uint8Array>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source);
  let pax: Record<string, string> = {};
  for (;;) {
    const block = await reader.read(BLOCK);
    if (!block) throw new ArchiveError("the archive ends without its end marker: it is truncated");
    if (block.every((byte) => byte === 0)) {
      const second = await reader.read(BLOCK);
      if (!second || !second.every((byte) => byte === 0)) throw new ArchiveError("the archive ends without its end marker: it is truncated or damaged");
      return;
    }
    const stored = readOctal(block, 148, 8);
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
    if (stored !== sum) throw new ArchiveError("a header's checksum does not match: the archive is damaged (or is not a tar archive)");
    if (readString(block, 257, 5) !== "ustar") throw new ArchiveError("not a ustar archive");
    const type = readString(block, 156, 1) || "0";
    const prefix = readString(block, 345, 155);
    const name = pax.path ?? (prefix ? `${prefix}/` : "") + readString(block, 0, 100);
    const size = pax.size !== undefined ? Number(pax.size) : readOctal(block, 124, 12);
    const mode = readOctal(block, 100, 8);
    pax = {};
    const readBody = async () => {
      const data = await reader.read(size);
      const pad = await reader.read((BLOCK - (size % BLOCK)) % BLOCK);
      if (!data || !pad) throw new ArchiveError(`the archive ends inside ${name}: it is truncated`);
      return data;
    };
    if (type === "x") {
      pax = parsePax(await readBody());
      continue;
    }
    if (type === "g" || type === "5") {
      await readBody();
      continue;
    }
    if (type !== "0" && type !== "7") throw new ArchiveError(`${name} is not a regular file (tar type ${type}): not a Spotfolio backup`);
    let consumed = false;
    const entry: TarEntry = {
      path: name,
      size,
      mode,
      data: async () => {
        if (consumed) throw new Error(`${name} was read already`);
        consumed = true;
        return readBody();
      },
      stream: async function* () {
        if (consumed) throw new Error(`${name} was read already`);
        consumed = true;
        const body = reader.take(size);
        for (;;) {
          const next = await body.next();
          if (next.done) {
            if (!next.value) throw new ArchiveError(`the archive ends inside ${name}: it is truncated`);
            break;
          }
          yield next.value;
        }
        if (!(await reader.read((BLOCK - (size % BLOCK)) % BLOCK))) throw new ArchiveError(`the archive ends inside ${name}: it is truncated`);
      },
      skip: async () => {
        if (!consumed) for await (const chunk of entry.stream()) void chunk;
      },
    };
    yield entry;
    await entry.skip();
  }
}

/**
 * One HTTP Range header against a file of `size` bytes (RFC 9110, section 14): what to send. A
 * PMTiles reader asks for one range at a time (the header and root directory, then each tile), and
 * asks for the first 16 KB even of a smaller archive: a range that runs past the end is cut to it;
 * only one that starts past the end (or an empty file) cannot be satisfied.
 */
export type RangeAnswer =
  /** No usable Range: the whole file, 200. Several ranges count here too (a server may ignore Range). */
  | { kind: "whole" }
  /** Bytes start..end, both included: 206. */
  | { kind: "part"; start: number; end: number }
  /** 416, with `Content-Range: bytes *\/size`. */
  | { kind: "unsatisfiable" };

const SINGLE = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i;

export function byteRange(header: string | null | undefined, size: number): RangeAnswer {
  if (!header) return { kind: "whole" };
  const match = SINGLE.exec(header.trim());
  // Another unit, bad syntax, or several ranges: a server may ignore the header and send the whole file.
  if (!match) return { kind: "whole" };
  const [, first, last] = match;
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    // The last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "part", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Number(last);
  if (last !== "" && end < start) return { kind: "whole" };
  if (!Number.isSafeInteger(start) || start >= size) return { kind: "unsatisfiable" };
  return { kind: "part", start, end: Math.min(end, size - 1) };
}

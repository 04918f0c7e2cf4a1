/**
 * JSON.parse with a message a creator can act on: the file, the line and the
 * column where the JSON breaks, instead of V8's "at position 1234".
 *
 * JSON nested deeper than any map file is (GeoJSON's deepest, a MultiPolygon in a
 * FeatureCollection, is 8 levels) is refused before it is parsed: JSON.parse
 * copes with 50,000 nested arrays, but everything that walks the value after it
 * (JSON.stringify included) recurses and overflows the stack.
 */
import type { ImportFileError } from "./import-row";

export type JsonText = { ok: true; value: unknown } | { ok: false; error: ImportFileError };

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position);
  const line = (before.match(/\n/g)?.length ?? 0) + 1;
  return { line, column: position - before.lastIndexOf("\n") };
}

/** How deep a map file's JSON may nest (objects and arrays). */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `text` nests objects and arrays deeper than `max`: one pass over the characters, no
 * recursion, brackets inside strings not counted. Stops at the first level past `max`.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

export function tooDeepMessage(file: string): string {
  return `${file}: this JSON is nested more than ${MAX_JSON_DEPTH} levels deep, deeper than any map file; it was not read.`;
}

export function parseJsonText(file: string, text: string): JsonText {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return { ok: false, error: { file, message: tooDeepMessage(file) } };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    // V8 says "… in JSON at position 57 (line 4 column 23)" (older versions without the line) or "Unexpected end of JSON input".
    const reason = error.message
      .replace(/\s*in JSON at position \d+.*$/s, "")
      .replace(/^Unexpected end of JSON input$/, "the file ends before the JSON does (cut short?)");
    const position = /at position (\d+)/.exec(error.message);
    const at = position ? lineAndColumn(text, Number(position[1])) : lineAndColumn(text, text.trimEnd().length);
    return { ok: false, error: { file, message: `${file}: line ${at.line}, column ${at.column}: not valid JSON: ${reason}.` } };
  }
}

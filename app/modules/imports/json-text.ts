/**
 * JSON.parse with a message a creator can act on: the file, the line and the
 * column where the JSON breaks, instead of V8's "at position 1234".
 */
import type { ImportFileError } from "./import-row";

export type JsonText = { ok: true; value: unknown } | { ok: false; error: ImportFileError };

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position);
  const line = (before.match(/\n/g)?.length ?? 0) + 1;
  return { line, column: position - before.lastIndexOf("\n") };
}

export function parseJsonText(file: string, text: string): JsonText {
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

/**
 * The post editor's toolbar as text edits: each takes the textarea's value and selection and
 * returns the new value and selection, so the buttons are pure and testable, and undo-free
 * textarea code stays in the component.
 */

export type Format = "heading" | "bold" | "italic" | "link" | "list";

export interface Edit {
  value: string;
  start: number;
  end: number;
}

/** The whole lines the selection touches. */
function lineRange(value: string, start: number, end: number): [number, number] {
  const from = value.lastIndexOf("\n", start - 1) + 1;
  const newline = value.indexOf("\n", end > start && value[end - 1] === "\n" ? end - 1 : end);
  return [from, newline === -1 ? value.length : newline];
}

function wrap(edit: Edit, before: string, after: string, placeholder: string): Edit {
  const { value, start, end } = edit;
  const selected = value.slice(start, end) || placeholder;
  // Already wrapped: the button takes it off again.
  if (value.slice(start - before.length, start) === before && value.slice(end, end + after.length) === after && end > start) {
    return {
      value: value.slice(0, start - before.length) + value.slice(start, end) + value.slice(end + after.length),
      start: start - before.length,
      end: end - before.length,
    };
  }
  return {
    value: value.slice(0, start) + before + selected + after + value.slice(end),
    start: start + before.length,
    end: start + before.length + selected.length,
  };
}

function prefixLines(edit: Edit, prefix: RegExp, add: string): Edit {
  const [from, to] = lineRange(edit.value, edit.start, edit.end);
  const lines = edit.value.slice(from, to).split("\n");
  const all = lines.every((line) => prefix.test(line));
  const changed = lines.map((line) => (all ? line.replace(prefix, "") : prefix.test(line) ? line : add + line.replace(/^#{1,6}\s+|^[-*+]\s+/, ""))).join("\n");
  return { value: edit.value.slice(0, from) + changed + edit.value.slice(to), start: from, end: from + changed.length };
}

export function applyFormat(format: Format, edit: Edit): Edit {
  switch (format) {
    case "bold":
      return wrap(edit, "**", "**", "bold text");
    case "italic":
      return wrap(edit, "*", "*", "italic text");
    case "link": {
      const text = edit.value.slice(edit.start, edit.end) || "link text";
      const inserted = `[${text}](https://)`;
      const value = edit.value.slice(0, edit.start) + inserted + edit.value.slice(edit.end);
      // The address is selected, ready to be typed over.
      const at = edit.start + text.length + 3;
      return { value, start: at, end: at + "https://".length };
    }
    case "heading":
      return prefixLines(edit, /^##\s+/, "## ");
    case "list":
      return prefixLines(edit, /^[-*+]\s+/, "- ");
  }
}

/**
 * A block (an image, a map or spot card) put on its own paragraph at the cursor: after the
 * cursor's line, with blank lines around it, so the page reads it as a paragraph of its own.
 */
export function insertBlock(value: string, cursor: number, block: string): Edit {
  const at = Math.min(Math.max(0, cursor), value.length);
  const lineEnd = value.indexOf("\n", at);
  const split = value.trim() === "" ? 0 : lineEnd === -1 ? value.length : lineEnd;
  const before = value.slice(0, split).replace(/\s+$/, "");
  const after = value.slice(split).replace(/^\s+/, "");
  const head = before ? `${before}\n\n` : "";
  const next = `${head}${block}${after ? `\n\n${after}` : "\n"}`;
  const end = head.length + block.length;
  return { value: next, start: end, end };
}

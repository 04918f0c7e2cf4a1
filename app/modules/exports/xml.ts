/**
 * Text and attribute values for hand-written XML (the GPX export). No XML
 * writer is among our dependencies (tokml bundles its own, privately), so
 * escaping is done here, once, and tested with a real XML parser.
 */

// Characters XML 1.0 does not allow at all, even escaped (C0 controls but tab, LF and CR; lone surrogates; U+FFFE/U+FFFF).
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Escaped for an element's text or a quoted attribute value. */
export function escapeXml(value: string): string {
  return value.replace(NOT_XML, "").replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** `<name>text</name>`, or nothing when there is no text. */
export function element(name: string, text: string | null | undefined): string {
  return text ? `<${name}>${escapeXml(text)}</${name}>` : "";
}

/**
 * XML as the importer reads it (KML, GPX): parsed with @xmldom/xmldom, never
 * with a DTD. A file that declares a DOCTYPE is refused outright, so no entity
 * is ever declared, expanded ("billion laughs") or fetched from outside, even
 * if a later parser version started to. Broken XML is refused with the
 * parser's own message and where it happened, naming the file.
 *
 * Pure, no server code.
 */
import { DOMParser, ParseError, type Document } from "@xmldom/xmldom";
import type { ImportFileError } from "./import-row";

export type XmlParse = { ok: true; document: Document } | { ok: false; error: ImportFileError };

interface Locator {
  lineNumber?: number;
  columnNumber?: number;
}

const where = (locator: Locator | undefined) => {
  const line = locator?.lineNumber;
  if (!line) return "";
  return locator?.columnNumber ? `line ${line}, column ${locator.columnNumber}: ` : `line ${line}: `;
};

export function parseImportXml(file: string, text: string): XmlParse {
  const refuse = (message: string): XmlParse => ({ ok: false, error: { file, message: `${file}: ${message}` } });
  // A UTF-8 byte order mark decoded as text; the XML declaration must come first.
  const source = text.replace(/^\uFEFF/, "");

  // Warnings (an unquoted attribute, say) leave a document every reader would
  // accept; errors and fatal errors are XML no conforming parser would take.
  const problems: string[] = [];
  let document: Document;
  try {
    document = new DOMParser({
      onError: (level, message, context?: { locator?: Locator }) => {
        if (level !== "warning") problems.push(`${where(context?.locator)}${message}`);
      },
    }).parseFromString(source, "text/xml");
  } catch (error) {
    if (problems.length) return refuse(`${problems[0]} (the file is not valid XML).`);
    const locator = error instanceof ParseError ? (error.locator as Locator | undefined) : undefined;
    return refuse(`${where(locator)}${error instanceof Error ? error.message : String(error)} (the file is not valid XML).`);
  }

  if (document.doctype) {
    const line = (document.doctype as unknown as Locator).lineNumber;
    return refuse(
      `${line ? `line ${line}: ` : ""}the file declares a DOCTYPE; documents with a DTD or entity declarations are refused, so that nothing in them is expanded or fetched.`,
    );
  }
  if (problems.length) return refuse(`${problems[0]} (the file is not valid XML).`);
  if (!document.documentElement) return refuse("the file holds no XML element.");
  return { ok: true, document };
}

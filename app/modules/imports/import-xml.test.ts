import { describe, expect, it } from "vitest";
import { parseImportXml } from "./import-xml";

const message = (text: string) => {
  const result = parseImportXml("places.kml", text);
  if (result.ok) throw new Error("expected a refusal");
  expect(result.error.file).toBe("places.kml");
  return result.error.message;
};

describe("parseImportXml", () => {
  it("parses XML with a BOM and CRLF line endings", () => {
    const result = parseImportXml("a.gpx", '\uFEFF<?xml version="1.0"?>\r\n<gpx>\r\n<wpt lat="1" lon="2"><name>A</name></wpt>\r\n</gpx>');
    if (!result.ok) throw new Error(result.error.message);
    expect(result.document.documentElement?.getElementsByTagName("name")[0].textContent).toBe("A");
  });

  it('refuses a "billion laughs" document before anything is expanded', () => {
    const lol = [
      '<?xml version="1.0"?>',
      "<!DOCTYPE lolz [",
      ' <!ENTITY lol "lol">',
      ...Array.from({ length: 9 }, (_, i) => ` <!ENTITY lol${i + 1} "${`&lol${i || ""};`.repeat(10)}">`),
      "]>",
      "<kml><Document><name>&lol9;</name></Document></kml>",
    ].join("\n");
    expect(message(lol)).toBe(
      "places.kml: line 2: the file declares a DOCTYPE; documents with a DTD or entity declarations are refused, so that nothing in them is expanded or fetched.",
    );
  });

  it("refuses an external entity (XXE)", () => {
    expect(message('<?xml version="1.0"?>\n\n<!DOCTYPE kml [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<kml>&xxe;</kml>')).toMatch(
      /^places\.kml: line 3: the file declares a DOCTYPE/,
    );
  });

  it("refuses broken XML with the parser's message, line and column", () => {
    expect(message("<kml>\n<Document>\n<name>A</Document></kml>")).toBe(
      'places.kml: line 3, column 7: Opening and ending tag mismatch: "name" != "Document" (the file is not valid XML).',
    );
    expect(message("<kml><Folder>")).toBe("places.kml: line 1, column 6: unclosed xml tag(s): kml, Folder (the file is not valid XML).");
    expect(message("<kml>\n<name>fish &chips;</name></kml>")).toMatch(/^places\.kml: line 2, column \d+: entity not found:&chips;/);
  });

  it("refuses a file that is not XML at all", () => {
    expect(message("Title,Note,URL\nA,,https://example.com")).toBe("places.kml: missing root element (the file is not valid XML).");
    expect(message("")).toBe("places.kml: missing root element (the file is not valid XML).");
  });
});

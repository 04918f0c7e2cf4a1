import { readFileSync } from "node:fs";
import { strToU8, zipSync, type Zippable } from "fflate";
import { describe, expect, it } from "vitest";
import { IMPORT_LIMITS } from "./import-row";
import { safePath, unzipSafely } from "./zip";

const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** Every offset where a 4-byte little-endian signature starts. */
function signatures(bytes: Uint8Array, signature: number): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: number[] = [];
  for (let at = 0; at + 4 <= bytes.length; at++) if (view.getUint32(at, true) === signature) found.push(at);
  return found;
}

/** Rewrites the declared uncompressed size of every entry, in the central directory and the local headers: a lying zip. */
function forgeDeclaredSize(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (const at of signatures(out, CENTRAL)) view.setUint32(at + 24, size, true);
  for (const at of signatures(out, LOCAL)) view.setUint32(at + 22, size, true);
  return out;
}

const ok = (result: ReturnType<typeof unzipSafely>) => {
  if (!result.ok) throw new Error(result.error.message);
  return result.entries;
};
const refused = (result: ReturnType<typeof unzipSafely>) => {
  if (result.ok) throw new Error("expected the zip to be refused");
  return result.error;
};

describe("unzipSafely", () => {
  it("returns every file by its path, folders left out, stored and deflated alike", () => {
    const zip = zipSync({
      "doc.kml": strToU8("<kml/>"),
      images: {},
      "images/icon-1.png": [new Uint8Array([137, 80, 78, 71]), { level: 0 }],
      "Takeout/Saved/Café ☕.csv": strToU8("Title,Note,URL\n".repeat(500)),
    } satisfies Zippable);
    const entries = ok(unzipSafely("places.kmz", zip));
    expect([...entries.keys()].sort()).toEqual(["Takeout/Saved/Café ☕.csv", "doc.kml", "images/icon-1.png"]);
    expect(new TextDecoder().decode(entries.get("doc.kml"))).toBe("<kml/>");
    expect([...entries.get("images/icon-1.png")!]).toEqual([137, 80, 78, 71]);
    expect(entries.get("Takeout/Saved/Café ☕.csv")!.length).toBe(15 * 500);
  });

  it("reads entries whose sizes follow their data (data descriptors, as streaming zippers write them)", () => {
    const bytes = new Uint8Array(readFileSync(new URL("../../../tests/fixtures/imports/zips/data-descriptors.zip", import.meta.url)));
    const entries = ok(unzipSafely("takeout.zip", bytes));
    expect([...entries].map(([path, data]) => [path, data.length])).toEqual([
      ["Takeout/Saved/Food.csv", 280_015],
      ["Takeout/Saved/Empty.csv", 0],
      ["Takeout/Saved/Stored.txt", 1_100],
    ]);
    expect(new TextDecoder().decode(entries.get("Takeout/Saved/Food.csv")!.subarray(0, 29))).toBe("Title,Note,URL\nA,b,https://x\n");
  });

  it("an empty entry is an empty file", () => {
    const entries = ok(unzipSafely("a.zip", zipSync({ "empty.kml": new Uint8Array() })));
    expect(entries.get("empty.kml")?.length).toBe(0);
  });

  it("refuses what is not a zip, naming the file", () => {
    const error = refused(unzipSafely("notes.kmz", strToU8("<kml>not zipped</kml>")));
    expect(error).toEqual({ file: "notes.kmz", message: "notes.kmz: this is not a zip file, or it is damaged (its table of contents cannot be read)." });
  });

  it("refuses more entries than the limit before unpacking any", () => {
    const files: Zippable = {};
    for (let i = 0; i <= IMPORT_LIMITS.maxZipEntries; i++) files[`f${i}.txt`] = [new Uint8Array([1]), { level: 0 }];
    const error = refused(unzipSafely("many.zip", zipSync(files)));
    expect(error.message).toBe("many.zip: the zip holds 2,001 entries; at most 2,000 are accepted.");
  });

  it("refuses a zip bomb from its declared size, before inflating", () => {
    // A real 10 KB entry that claims 300 MB: if it were inflated into a buffer of the
    // declared size the test would allocate it; the refusal comes from the directory alone.
    const zip = forgeDeclaredSize(zipSync({ "doc.kml": new Uint8Array(10_000) }), 300 * 1024 * 1024);
    const error = refused(unzipSafely("bomb.kmz", zip));
    expect(error.message).toBe("bomb.kmz: the zip would unpack to 300 MB; at most 200 MB are accepted.");
  });

  it("refuses a real bomb (zeros, ~1000:1) over the limit, however many entries share it", () => {
    const zeros = new Uint8Array(3 * 1024 * 1024);
    const zip = zipSync({ "a.bin": zeros, "b.bin": zeros });
    expect(zip.length).toBeLessThan(20_000);
    const error = refused(unzipSafely("bomb.zip", zip, { maxUnzippedBytes: 5 * 1024 * 1024 }));
    expect(error.message).toBe("bomb.zip: the zip would unpack to 6 MB; at most 5 MB are accepted.");
  });

  it("stops inflating an entry that holds more than its header declares", () => {
    const zip = forgeDeclaredSize(zipSync({ "doc.kml": new Uint8Array(2 * 1024 * 1024) }), 100);
    const error = refused(unzipSafely("liar.kmz", zip));
    expect(error.message).toBe('liar.kmz: "doc.kml" unpacks to more than the 100 bytes it declares; the zip is refused.');
  });

  it.each(["../evil.kml", "images/../../evil.kml", "/etc/passwd", "C:/Windows/evil.kml", "..\\evil.kml"])(
    "refuses a zip with the path traversal name %s",
    (name) => {
      const error = refused(unzipSafely("trip.kmz", zipSync({ [name]: strToU8("<kml/>") })));
      expect(error.message).toBe(`trip.kmz: the entry "${name}" has an unsafe path (outside the archive); the zip is refused.`);
    },
  );

  it("refuses an encrypted entry with a clear message", () => {
    const zip = zipSync({ "doc.kml": strToU8("<kml/>") });
    const view = new DataView(zip.buffer);
    for (const at of signatures(zip, CENTRAL)) view.setUint16(at + 8, view.getUint16(at + 8, true) | 1, true);
    const error = refused(unzipSafely("secret.kmz", zip));
    expect(error.message).toBe('secret.kmz: "doc.kml" is encrypted (password-protected); export the file again without a password.');
  });

  it("refuses a zip whose compressed data is damaged", () => {
    const text = strToU8(Array.from({ length: 2000 }, (_, i) => `<Placemark><name>${i * 7919}</name></Placemark>`).join(""));
    const zip = zipSync({ "doc.kml": text });
    const start = signatures(zip, LOCAL)[0] + 30 + "doc.kml".length;
    for (let at = start + 10; at < start + 200; at++) zip[at] = 0xff;
    const error = refused(unzipSafely("broken.kmz", zip));
    expect(error.message).toMatch(/^broken\.kmz: "doc\.kml" (cannot be unpacked \(.+\); the zip is damaged\.|unpacks to more than)/);
  });
});

describe("safePath", () => {
  it("keeps ordinary names, with backslashes as separators and ./ dropped", () => {
    expect(safePath("images/icon-1.png")).toBe("images/icon-1.png");
    expect(safePath("Takeout\\Saved\\Food.csv")).toBe("Takeout/Saved/Food.csv");
    expect(safePath("./doc.kml")).toBe("doc.kml");
    expect(safePath("a..b.kml")).toBe("a..b.kml");
  });
});

import { describe, expect, it } from "vitest";
import { byteRange } from "./byte-range";

describe("byteRange", () => {
  it("sends the whole file without a Range, or with one it does not take", () => {
    expect(byteRange(null, 100)).toEqual({ kind: "whole" });
    expect(byteRange("items=0-5", 100)).toEqual({ kind: "whole" });
    expect(byteRange("bytes=0-1,5-6", 100)).toEqual({ kind: "whole" });
    expect(byteRange("bytes=9-3", 100)).toEqual({ kind: "whole" });
    expect(byteRange("bytes=-", 100)).toEqual({ kind: "whole" });
  });

  it("sends one range, cut to the end of the file", () => {
    expect(byteRange("bytes=0-9", 100)).toEqual({ kind: "part", start: 0, end: 9 });
    expect(byteRange("bytes=90-", 100)).toEqual({ kind: "part", start: 90, end: 99 });
    // A PMTiles reader's first read is 16 KB, whatever the archive's size.
    expect(byteRange("bytes=0-16383", 100)).toEqual({ kind: "part", start: 0, end: 99 });
    expect(byteRange("bytes=-10", 100)).toEqual({ kind: "part", start: 90, end: 99 });
    expect(byteRange("bytes=-500", 100)).toEqual({ kind: "part", start: 0, end: 99 });
  });

  it("cannot satisfy a range that starts past the end", () => {
    expect(byteRange("bytes=100-200", 100)).toEqual({ kind: "unsatisfiable" });
    expect(byteRange("bytes=100-", 100)).toEqual({ kind: "unsatisfiable" });
    expect(byteRange("bytes=-0", 100)).toEqual({ kind: "unsatisfiable" });
    expect(byteRange("bytes=0-0", 0)).toEqual({ kind: "unsatisfiable" });
  });
});

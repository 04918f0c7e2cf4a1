import path from "node:path";
import { describe, expect, it } from "vitest";
import { COPY_DIR, lighthouseReportPath, lineValue } from "./shared-bench";

describe("reading measure.sh's output", () => {
  const ssr = ["A: http://127.0.0.1:4441/  (200, 1 bytes)", "A median: 47.7 req/s", "B median: 304.8 req/s", "ssr-ratio: 0.16", ""].join("\n");

  it("takes the value after a line's label", () => {
    expect(lineValue(ssr, "ssr-ratio")).toBe("0.16");
    expect(lineValue(ssr, "A median")).toBe("47.7 req/s");
  });

  it("takes the last such line, and nothing when there is none", () => {
    expect(lineValue("x: 1\n  x: 2\n", "x")).toBe("2");
    expect(lineValue(ssr, "first-load-js-gz-kb")).toBeUndefined();
  });
});

describe("Lighthouse's report files", () => {
  it("are named as the lib names them: the URL without its scheme, other characters as one underscore", () => {
    expect(lighthouseReportPath("http://127.0.0.1:4441/@hannah_weber")).toBe(path.join(COPY_DIR, "out", "lighthouse", "127.0.0.1_4441_hannah_weber.json"));
    expect(lighthouseReportPath("http://127.0.0.1:4441/")).toBe(path.join(COPY_DIR, "out", "lighthouse", "127.0.0.1_4441.json"));
  });
});

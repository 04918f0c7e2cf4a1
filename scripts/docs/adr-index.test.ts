import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { INDEX_FILE, readDecisions, renderIndex } from "./adr-index";

describe("the ADR index", () => {
  it("lists every decision with its current status (regenerate: npx tsx scripts/docs/adr-index.ts)", () => {
    expect(readFileSync(INDEX_FILE, "utf8")).toBe(renderIndex(readDecisions()));
  });

  it("names each superseding decision in the superseded one", () => {
    const decisions = readDecisions();
    for (const d of decisions.filter((x) => /^Superseded by \d{4}/.test(x.status))) {
      const by = /^Superseded by (\d{4})/.exec(d.status)![1];
      expect(
        decisions.map((x) => x.number),
        `${d.file} is superseded by a decision that exists`,
      ).toContain(by);
    }
  });
});

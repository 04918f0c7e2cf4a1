import { describe, expect, it } from "vitest";
import { spotRefs } from "./spot-ref";

describe("spotRefs", () => {
  it("uses the slug when it is unique in the list, the id when it is not", () => {
    const refs = spotRefs([
      { id: "a1", slug: "cal-pep" },
      { id: "b2", slug: "la-plata" },
      { id: "c3", slug: "la-plata" },
    ]);
    expect(refs.get("a1")).toBe("cal-pep");
    expect(refs.get("b2")).toBe("b2");
    expect(refs.get("c3")).toBe("c3");
  });
});

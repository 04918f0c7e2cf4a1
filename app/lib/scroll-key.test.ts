import { describe, expect, it } from "vitest";
import { scrollKey } from "./scroll-key";

describe("scrollKey", () => {
  it("gives every navigation its own key (scroll to top)", () => {
    expect(scrollKey({ key: "a1" }, [{ params: {} }, { params: { slug: "x" } }])).toBe("a1");
    expect(scrollKey({ key: "b2" }, [{ params: {} }])).not.toBe(scrollKey({ key: "a1" }, [{ params: {} }]));
  });
  it("shares one key across the pages of a map (scroll kept)", () => {
    const spotA = scrollKey({ key: "k1" }, [{ params: {} }, { params: { mapId: "lisbon", spotId: "1" } }]);
    const spotB = scrollKey({ key: "k2" }, [{ params: {} }, { params: { mapId: "lisbon", spotId: "2" } }]);
    expect(spotA).toBe(spotB);
    expect(scrollKey({ key: "k3" }, [{ params: { mapId: "porto" } }])).not.toBe(spotA);
  });
});

import { describe, expect, it } from "vitest";
import { zodWithoutEval } from "./zod-no-eval";

describe("zod in the browser, under a CSP without eval", () => {
  it("never tries `new Function` once told, and still parses", async () => {
    zodWithoutEval();
    const original = globalThis.Function;
    let tried = 0;
    // What the CSP refuses: any construction of a function from a string.
    globalThis.Function = new Proxy(original, {
      construct(target, args) {
        tried++;
        return Reflect.construct(target, args);
      },
      apply(target, self, args) {
        tried++;
        return Reflect.apply(target, self, args);
      },
    });
    try {
      const { z } = await import("zod");
      const schema = z.object({ name: z.string().min(1), spots: z.number().int() });
      expect(schema.parse({ name: "Barcelona", spots: 33 })).toEqual({ name: "Barcelona", spots: 33 });
      expect(schema.safeParse({ name: "", spots: 1.5 }).success).toBe(false);
      expect(tried).toBe(0);
      expect(z.config().jitless).toBe(true);
    } finally {
      globalThis.Function = original;
    }
  });
});

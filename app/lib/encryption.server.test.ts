import { afterAll, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "./env.server";
import { openSealed, seal } from "./encryption.server";

vi.stubEnv("BETTER_AUTH_SECRET", "a-test-secret-that-is-long-enough-for-sealing");
resetEnvCache();
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

describe("sealed values", () => {
  it("open under their own purpose, and never show the plaintext", () => {
    const sealed = seal("payout-details.iban", "ES9121000418450200051332");
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain("1332");
    expect(openSealed("payout-details.iban", sealed)).toBe("ES9121000418450200051332");
    // A fresh IV each time.
    expect(seal("payout-details.iban", "ES9121000418450200051332")).not.toBe(sealed);
  });

  it("refuse another purpose, an altered byte, a cut tag and another secret", () => {
    const sealed = seal("payout-details.iban", "ES9121000418450200051332");
    expect(openSealed("another.purpose", sealed)).toBeNull();
    const [v, iv, body, tag] = sealed.split(".");
    const flipped = Buffer.from(body, "base64url");
    flipped[0] ^= 1;
    expect(openSealed("payout-details.iban", [v, iv, flipped.toString("base64url"), tag].join("."))).toBeNull();
    expect(openSealed("payout-details.iban", [v, iv, body, tag.slice(0, 8)].join("."))).toBeNull();
    expect(openSealed("payout-details.iban", "not sealed")).toBeNull();
    vi.stubEnv("BETTER_AUTH_SECRET", "another-secret-that-is-long-enough-for-sealing");
    resetEnvCache();
    expect(openSealed("payout-details.iban", sealed)).toBeNull();
  });
});

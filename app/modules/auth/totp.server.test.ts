import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, totpCode, verifyTotp } from "./totp.server";

// RFC 6238, appendix B (SHA-1): the 8-digit codes' last 6 digits are the 6-digit codes.
const RFC_KEY = new TextEncoder().encode("12345678901234567890");

describe("RFC 6238 codes", () => {
  it("match the RFC's test vectors", () => {
    expect(totpCode(RFC_KEY, 59_000)).toBe("287082");
    expect(totpCode(RFC_KEY, 1_111_111_109_000)).toBe("081804");
    expect(totpCode(RFC_KEY, 1_234_567_890_000)).toBe("005924");
    expect(totpCode(RFC_KEY, 20_000_000_000_000)).toBe("353130");
  });

  it("accept the code of this period and of one either side, nothing else", () => {
    const at = 1_234_567_890_000;
    expect(verifyTotp(RFC_KEY, totpCode(RFC_KEY, at), at)).toBe(true);
    expect(verifyTotp(RFC_KEY, totpCode(RFC_KEY, at - 30_000), at)).toBe(true);
    expect(verifyTotp(RFC_KEY, totpCode(RFC_KEY, at + 30_000), at)).toBe(true);
    expect(verifyTotp(RFC_KEY, totpCode(RFC_KEY, at - 90_000), at)).toBe(false);
    expect(verifyTotp(RFC_KEY, "12345", at)).toBe(false);
    expect(verifyTotp(RFC_KEY, "abcdef", at)).toBe(false);
  });

  it("read and write the base32 keys authenticator apps use", () => {
    expect(base32Encode(RFC_KEY)).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(base32Decode("gezd gnbv gy3t qojq gezd gnbv gy3t qojq")).toEqual(RFC_KEY);
    expect(() => base32Decode("not base32!")).toThrow();
  });
});

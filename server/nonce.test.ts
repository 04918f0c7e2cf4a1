import { describe, expect, it } from "vitest";
import { freshNonce } from "./nonce";

describe("CSP nonces from the pool", () => {
  it("are 128 random bits each, never handed out twice across refills of the pool", () => {
    const nonces = Array.from({ length: 1000 }, () => freshNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(nonces.every((nonce) => /^[A-Za-z0-9+/]{22}==$/.test(nonce))).toBe(true);
  });
});

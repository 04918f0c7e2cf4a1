/**
 * RFC 6238 time-based one-time codes (HMAC-SHA1, 6 digits, 30 s), over node:crypto: what an
 * authenticator app computes from the secret in the QR code. better-auth's twoFactor plugin checks
 * sign-in codes itself; this checks the step-up code (step-up.server.ts) with the same secret and the
 * same tolerance (one period either side), and lets tests compute codes as a phone would.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Uint8Array {
  const clean = text.toUpperCase().replace(/[\s=-]/g, "");
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error("not base32");
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

function hotp(key: Uint8Array, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = mac[mac.length - 1]! & 15;
  const binary = ((mac[offset]! & 127) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, "0");
}

/** The code for `key` at `at` (milliseconds since the epoch). */
export function totpCode(key: Uint8Array, at: number = Date.now()): string {
  return hotp(key, Math.floor(at / 1000 / TOTP_PERIOD_SECONDS));
}

/** Whether `code` is the code of this period or the one either side (a phone's clock drifts). */
export function verifyTotp(key: Uint8Array, code: string, at: number = Date.now()): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const counter = Math.floor(at / 1000 / TOTP_PERIOD_SECONDS);
  let matched = false;
  for (let step = -1; step <= 1; step++) {
    matched = timingSafeEqual(Buffer.from(hotp(key, counter + step)), Buffer.from(code)) || matched;
  }
  return matched;
}

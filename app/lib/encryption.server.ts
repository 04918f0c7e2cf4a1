/**
 * Secrets the application keeps in its own database (a creator's IBAN) are sealed with
 * AES-256-GCM under a key derived from the app's secret (`authSecret()`, BETTER_AUTH_SECRET or the
 * one kept under DATA_DIR) by HKDF, one key per purpose, so a database dump or backup alone reveals
 * nothing and a sealed value cannot be opened as another purpose's. The sealed form is
 * `v1.{iv}.{ciphertext}.{tag}` (base64url); GCM's tag refuses any altered byte. Changing the app's
 * secret makes earlier values unreadable (`openSealed` returns null): they must be entered again.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { authSecret } from "./secret.server";

const VERSION = "v1";

function keyFor(purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret(), "spotfolio sealed values", `${VERSION}:${purpose}`, 32));
}

/** `plaintext` sealed for `purpose` (a fresh 96-bit IV each time: the same value seals differently twice). */
export function seal(purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(purpose), iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), body.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

/** The plaintext of a value sealed for `purpose`, or null when it is not one (altered, another purpose, another secret). */
export function openSealed(purpose: string, sealed: string): string | null {
  const [version, iv, body, tag, ...rest] = sealed.split(".");
  if (version !== VERSION || !iv || !body || !tag || rest.length > 0) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(purpose), Buffer.from(iv, "base64url"), { authTagLength: 16 });
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

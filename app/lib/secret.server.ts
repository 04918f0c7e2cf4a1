import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "~/lib/env.server";

/**
 * The key that signs session cookies and one-time tokens. BETTER_AUTH_SECRET
 * wins; without it (the embedded `npm start` default) a random secret is made
 * once and kept under DATA_DIR so sessions survive restarts. Several instances
 * behind a load balancer must share BETTER_AUTH_SECRET instead.
 */
export function authSecret(): string {
  const configured = env().BETTER_AUTH_SECRET;
  if (configured) return configured;
  const file = path.join(env().DATA_DIR, "auth-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not created yet.
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

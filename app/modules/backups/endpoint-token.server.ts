/**
 * The bearer token of the running server's backup endpoint (`POST /ops/backup`): derived from the
 * app's secret (BETTER_AUTH_SECRET, else DATA_DIR/auth-secret, readable only by the server's user),
 * so only someone on the server's machine with its settings can ask for a backup, and it signs
 * nothing else.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { authSecret } from "~/lib/secret.server";

export function backupToken(): string {
  return createHmac("sha256", authSecret()).update("spotfolio backup endpoint v1").digest("base64url");
}

/** Whether an Authorization header carries the backup token. */
export function isBackupToken(authorization: string | null | undefined): boolean {
  const match = authorization?.match(/^Bearer ([A-Za-z0-9_-]{1,100})$/);
  if (!match) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(backupToken());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

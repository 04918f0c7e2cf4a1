import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { stubTestEnv } from "./env";

/**
 * Points DATA_DIR (local storage: uploads, covers, photos, private files) at a
 * new empty folder for this test file, so files written by one file's tests
 * are never seen by another's. Returns the folder.
 */
export function stubDataDir(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `spotfolio-${name}-`));
  stubTestEnv({ DATA_DIR: dir });
  return dir;
}

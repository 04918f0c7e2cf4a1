/**
 * `npm run restore -- FILE`: bring a backup of `npm run backup` back into an empty DATA_DIR
 * (ADR 0026). The archive is checked end to end (every checksum, every table's row count) before
 * anything is moved into place; a non-empty DATA_DIR is refused, and nothing changes on any failure.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { embeddedSettings } from "./embedded-settings";
import { BackupError, restoreBackup } from "../app/modules/backups/index.server";

const USAGE = "usage: npm run restore -- FILE";

if (existsSync(".env")) process.loadEnvFile(".env");

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0].startsWith("--")) {
    console.error(USAGE);
    return 2;
  }
  const settings = embeddedSettings(
    () =>
      "npm run restore brings back the embedded database and local uploads; DATABASE_URL or S3_BUCKET is set. See the README, section Backups, for restoring PostgreSQL and S3.",
  );
  if ("exitCode" in settings) return settings.exitCode;
  const { config } = settings;
  const dataDir = path.resolve(config.DATA_DIR);
  try {
    const result = await restoreBackup(path.resolve(args[0]), dataDir);
    const rows = Object.values(result.rows).reduce((a, b) => a + b, 0);
    const m = result.manifest;
    console.log(
      `Restored ${args[0]} into ${dataDir}\n  taken ${m.createdAt}; app ${m.app.version}; migration ${m.database.migrations.latest ?? "none"}\n  ${rows} rows in ${Object.keys(result.rows).length} tables and ${result.files} files, all checked against the manifest\nStart the server with npm start (it applies any newer migrations).`,
    );
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });

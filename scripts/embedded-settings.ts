/**
 * The settings `npm run backup` and `npm run restore` run with: the embedded database and local
 * uploads only (ADR 0026). A bad variable, or a PostgreSQL / S3 deployment (backed up with its
 * own tools, README "Backups"), stops the command with a message and an exit code.
 */
import { EnvError, env, type Env } from "../app/lib/env.server";

export function embeddedSettings(refusal: (what: string) => string): { config: Env } | { exitCode: number } {
  let config: Env;
  try {
    config = env();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      return { exitCode: 1 };
    }
    throw error;
  }
  if (config.DATABASE_URL || config.S3_BUCKET) {
    const what = [config.DATABASE_URL && "DATABASE_URL", config.S3_BUCKET && "S3_BUCKET"].filter(Boolean).join(" and ");
    console.error(refusal(what));
    return { exitCode: 1 };
  }
  return { config };
}

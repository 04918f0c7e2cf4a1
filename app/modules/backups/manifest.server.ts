/**
 * What a backup says about itself (`manifest.json`, the archive's last entry) and the rules every
 * entry's path must follow. The manifest lists every other entry with its size and SHA-256, the
 * row count of every table and the migration level, so a restore can prove it got everything.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

export const BACKUP_FORMAT = "spotfolio-backup";
export const BACKUP_FORMAT_VERSION = 1;

/** The PGlite data directory, as `dumpDataDir("none")` writes it (itself a tar). */
export const DATABASE_ENTRY = "database.tar";
export const MANIFEST_ENTRY = "manifest.json";
/** The session-signing secret the embedded server made under DATA_DIR (absent when BETTER_AUTH_SECRET is set). */
export const SECRET_ENTRY = "auth-secret";
/** The local storage adapter's folders under DATA_DIR: public buckets and private ones (modules/storage). */
export const FILE_FOLDERS = ["uploads", "private"] as const;

export interface ManifestEntry {
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  app: { name: string; version: string };
  /** "server": taken inside the running server; "offline": the CLI opened the data directory itself. */
  takenBy: "server" | "offline";
  database: {
    engine: "pglite";
    pgliteVersion: string;
    migrations: { applied: number; latest: string | null };
    /** Rows per table ("spots", "drizzle.__drizzle_migrations"). */
    rows: Record<string, number>;
  };
  files: { count: number; bytes: number };
  entries: ManifestEntry[];
}

/** Whether `name` may be an entry of a backup: the fixed entries, or a file under the storage folders. */
export function isAllowedEntry(name: string): boolean {
  if (name === DATABASE_ENTRY || name === SECRET_ENTRY || name === MANIFEST_ENTRY) return true;
  const parts = name.split("/");
  if (!(FILE_FOLDERS as readonly string[]).includes(parts[0]) || parts.length < 2) return false;
  return parts.every((part) => part !== "" && part !== "." && part !== ".." && !part.includes("\\") && !part.includes("\0"));
}

function packageJson(): { name?: string; version?: string; dependencies?: Record<string, string> } {
  try {
    return JSON.parse(readFileSync(path.join(process.cwd(), "package.json"), "utf8")) as never;
  } catch {
    return {};
  }
}

export function appVersion(): { name: string; version: string } {
  const pkg = packageJson();
  return { name: pkg.name ?? "spotfolio", version: process.env.npm_package_version || pkg.version || "unknown" };
}

export function pgliteVersion(): string {
  try {
    const file = path.join(process.cwd(), "node_modules/@electric-sql/pglite/package.json");
    return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
  } catch {
    return packageJson().dependencies?.["@electric-sql/pglite"] ?? "unknown";
  }
}

/** The migrations this code knows (db/migrations/meta/_journal.json): their tags by creation time. */
export function knownMigrations(folder: string): { tag: string; when: number }[] {
  try {
    const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as { entries: { tag: string; when: number }[] };
    return journal.entries.map(({ tag, when }) => ({ tag, when }));
  } catch {
    return [];
  }
}

/** A manifest read from an archive, checked for shape; a message naming what is wrong otherwise. */
export function parseManifest(bytes: Buffer): Manifest | string {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString("utf8"));
  } catch {
    return "its manifest is not JSON";
  }
  const m = value as Partial<Manifest>;
  if (m?.format !== BACKUP_FORMAT) return "it is not a Spotfolio backup (the manifest names another format)";
  if (m.formatVersion !== BACKUP_FORMAT_VERSION)
    return `it is in backup format ${String(m.formatVersion)}, and this code reads format ${BACKUP_FORMAT_VERSION}`;
  if (!Array.isArray(m.entries) || !m.database || typeof m.database.rows !== "object" || !m.database.migrations) return "its manifest is incomplete";
  for (const entry of m.entries) {
    if (typeof entry?.path !== "string" || typeof entry.size !== "number" || typeof entry.sha256 !== "string")
      return "its manifest lists an entry without a path, size or checksum";
  }
  return m as Manifest;
}

/**
 * The backups room's public API on the server: a consistent archive of the embedded database and the
 * local storage's files, its checks, and its restore into an empty DATA_DIR (ADR 0026).
 */
export { type Backup, type BackupSource, createBackup } from "./create-backup.server";
export { BackupError, type RestoreResult, restoreBackup, verifyBackup } from "./restore-backup.server";
export { type Manifest, DATABASE_ENTRY, MANIFEST_ENTRY } from "./manifest.server";
export { backupToken, isBackupToken } from "./endpoint-token.server";
export { ArchiveError } from "./tar.server";

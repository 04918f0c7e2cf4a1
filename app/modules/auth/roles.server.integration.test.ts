import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMigratedPgliteOnDisk, setupTestDatabase, testDriver } from "../../../tests/setup/database";
import { databaseOptionsFromEnv } from "~/lib/db.server";
import { profiles } from "#db/schema";
import { createProfile } from "#db/seed/factories";
import { UnknownAccountError, applyConfiguredAdmins, configuredAdminEmails, grantAdmin, isConfiguredAdmin, listAdmins, revokeAdmin } from "./roles.server";

const db = await setupTestDatabase();

const isAdmin = async (id: string) => {
  const [row] = await db.select({ isAdmin: profiles.isAdmin }).from(profiles).where(eq(profiles.id, id));
  return row?.isAdmin;
};

describe("admin rights", () => {
  it("grants and revokes by email, case-insensitively, and lists admins", async () => {
    const { user: ana } = await createProfile(db, { handle: "ana" }, { email: "ana@example.com" });
    await createProfile(db, {}, { email: "bob@example.com" });
    await grantAdmin(db, "  ANA@example.com ");
    expect(await isAdmin(ana.id)).toBe(true);
    expect(await listAdmins(db)).toEqual([{ email: "ana@example.com", handle: "ana" }]);
    await revokeAdmin(db, "ana@example.com");
    expect(await isAdmin(ana.id)).toBe(false);
    expect(await listAdmins(db)).toEqual([]);
  });

  it("refuses an unknown address and changes nothing", async () => {
    await expect(grantAdmin(db, "nobody@example.com")).rejects.toBeInstanceOf(UnknownAccountError);
    expect(await listAdmins(db)).toEqual([]);
  });

  it("ADMIN_EMAILS grants existing accounts, once", async () => {
    const { user: ops } = await createProfile(db, {}, { email: "ops@example.com" });
    const { user: other } = await createProfile(db, {}, { email: "other@example.com" });
    expect(configuredAdminEmails(" Ops@Example.com, root@example.com;x@y.z ")).toEqual(["ops@example.com", "root@example.com", "x@y.z"]);
    expect(isConfiguredAdmin("OPS@example.com", "ops@example.com")).toBe(true);
    expect(await applyConfiguredAdmins(db, "ops@example.com, root@example.com")).toBe(1);
    expect(await applyConfiguredAdmins(db, "ops@example.com, root@example.com")).toBe(0);
    expect(await isAdmin(ops.id)).toBe(true);
    expect(await isAdmin(other.id)).toBe(false);
    expect(await applyConfiguredAdmins(db, "")).toBe(0);
  });
});

// On an embedded database of its own (a DATA_DIR), whichever database the suite runs on: once, in
// the PGlite run, rather than the same test again in the PostgreSQL run.
describe.skipIf(testDriver() === "postgres")("npm run admin (the real CLI)", () => {
  it("grants, lists and revokes on the embedded database, and fails clearly on bad input", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "spotfolio-admin-cli-"));
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], {
        encoding: "utf8",
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "error" },
      });
    try {
      // Create an account in that database (migrated: the template copied in) with the same code the app uses.
      const handle = await createMigratedPgliteOnDisk(databaseOptionsFromEnv({ DATA_DIR: dataDir }).dataDir!);
      await createProfile(handle.db, { handle: "ops" }, { email: "ops@example.com" });
      await handle.close();

      let run = cli("grant", "OPS@example.com");
      expect(run.stdout).toContain("ops@example.com is now an admin");
      expect(run.status).toBe(0);
      expect(cli("list").stdout).toContain("ops@example.com (@ops)");
      run = cli("grant", "ghost@example.com");
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("No account with the email address ghost@example.com");
      run = cli("promote");
      expect(run.status).toBe(2);
      expect(run.stderr).toContain("usage: npm run admin");
      expect(cli("revoke", "ops@example.com").stdout).toContain("ops@example.com is no longer an admin");
      expect(cli("list").stdout).toContain("no admins");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000); // six real CLI runs, each starting Node, tsx and the embedded database
});

/**
 * Operator CLI for admin rights, on the configured database (DATABASE_URL, or
 * the embedded one under DATA_DIR — stop the server first: PGlite is
 * single-process).
 *
 *   npm run admin -- grant EMAIL
 *   npm run admin -- revoke EMAIL
 *   npm run admin -- list
 *   npm run admin -- disable-2fa EMAIL   (support: someone lost their authenticator and recovery codes;
 *                                         signs them out everywhere, and is written to the audit log)
 */
import { closeDb, getDb, migrateDatabase } from "../app/lib/db.server";

// Each command imports its module when it runs: the two-factor one brings the whole auth stack
// (~0.8 s of a ~2 s start), which granting, revoking and listing admins do not need.
const roles = () => import("../app/modules/auth/roles.server");
const twoFactor = () => import("../app/modules/auth/two-factor.server");

const USAGE = "usage: npm run admin -- grant EMAIL | revoke EMAIL | disable-2fa EMAIL | list";

async function main(): Promise<number> {
  const [command, email, ...rest] = process.argv.slice(2);
  const needsEmail = command === "grant" || command === "revoke" || command === "disable-2fa";
  if (!command || (needsEmail && (!email || rest.length > 0)) || (!needsEmail && command !== "list")) {
    console.error(USAGE);
    return 2;
  }
  const db = await getDb();
  await migrateDatabase(db);
  try {
    if (command === "grant") console.log(`${(await (await roles()).grantAdmin(db, email!)).email} is now an admin`);
    else if (command === "revoke") console.log(`${(await (await roles()).revokeAdmin(db, email!)).email} is no longer an admin`);
    else if (command === "disable-2fa") {
      const result = await (await twoFactor()).adminDisableTwoFactor(db, email!);
      console.log(
        result.wasOn
          ? `two-factor authentication is off for ${result.email}; their sessions are signed out`
          : `two-factor authentication was not on for ${result.email}; nothing changed`,
      );
    } else {
      const admins = await (await roles()).listAdmins(db);
      if (admins.length === 0) console.log("no admins");
      for (const admin of admins) console.log(`${admin.email}${admin.handle ? ` (@${admin.handle})` : ""}`);
    }
    return 0;
  } catch (error) {
    // An unknown account is the operator's to hear about; the command's module is loaded by now.
    const unknownAccount = command === "disable-2fa" ? (await twoFactor()).UnknownAccountForTwoFactorError : (await roles()).UnknownAccountError;
    if (error instanceof unknownAccount) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

main()
  .then(async (code) => {
    await closeDb();
    process.exitCode = code;
  })
  .catch(async (error) => {
    console.error(error);
    await closeDb().catch(() => {});
    process.exitCode = 1;
  });

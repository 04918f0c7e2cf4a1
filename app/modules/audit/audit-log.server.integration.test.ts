import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, expectTypeOf, it } from "vitest";
import { getTestDb, resetTestDb } from "../../../tests/setup/database";
import type { Database, Transaction } from "~/lib/db.server";
import { profiles, user } from "#db/schema";
import { adminAuditLog } from "#db/schema/audit";
import { createProfile } from "#db/seed/factories";
import { auditTrail, record } from "./index.server";

/*
 * An admin action as later issues will write it: change a row and log the
 * change in the same transaction. Here, an admin renames a creator.
 */
async function rename(db: Database, adminId: string, creatorId: string, to: string, fail?: "throw" | "rollback") {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ displayName: profiles.displayName }).from(profiles).where(eq(profiles.id, creatorId));
    await tx.update(profiles).set({ displayName: to }).where(eq(profiles.id, creatorId));
    await record(tx, { userId: adminId, ip: "198.51.100.23" }, "profile.renamed", { type: "profile", id: creatorId }, before, { displayName: to });
    if (fail === "throw") throw new Error("the action failed after logging");
    if (fail === "rollback") tx.rollback();
  });
}

const nameOf = async (db: Database, id: string) => (await db.select().from(profiles).where(eq(profiles.id, id)))[0].displayName;

describe("the admin audit log", () => {
  let db: Database;
  let adminId: string;
  let creatorId: string;
  beforeEach(async () => {
    db = await getTestDb();
    await resetTestDb(db);
    adminId = (await createProfile(db, { isAdmin: true }, { name: "Olga Admin", email: "olga@example.com" })).user.id;
    creatorId = (await createProfile(db, { isCreator: true, displayName: "Lucía" })).user.id;
  });

  it("keeps who did what to which thing, from where, and the thing before and after", async () => {
    await rename(db, adminId, creatorId, "Lucía Ferrer");

    expect(await nameOf(db, creatorId)).toBe("Lucía Ferrer");
    expect(await auditTrail(db, { type: "profile", id: creatorId })).toEqual([
      {
        action: "profile.renamed",
        actor: { id: adminId, name: "Olga Admin", email: "olga@example.com", ip: "198.51.100.23" },
        before: { displayName: "Lucía" },
        after: { displayName: "Lucía Ferrer" },
        at: expect.any(Date),
      },
    ]);
    expect(await auditTrail(db, { type: "profile", id: adminId })).toEqual([]);
  });

  it("an action that fails after logging leaves neither its change nor an entry", async () => {
    await expect(rename(db, adminId, creatorId, "Someone else", "throw")).rejects.toThrow("the action failed after logging");
    await expect(rename(db, adminId, creatorId, "Someone else", "rollback")).rejects.toThrow();

    expect(await nameOf(db, creatorId)).toBe("Lucía");
    expect(await db.select().from(adminAuditLog)).toEqual([]);
  });

  it("lists a thing's entries oldest first, and keeps them when the admin's account is deleted", async () => {
    await rename(db, adminId, creatorId, "Lucía F.");
    await rename(db, adminId, creatorId, "Lucía Ferrer");
    await db.delete(user).where(eq(user.id, adminId));

    const trail = await auditTrail(db, { type: "profile", id: creatorId });
    expect(trail.map((e) => [e.before, e.after])).toEqual([
      [{ displayName: "Lucía" }, { displayName: "Lucía F." }],
      [{ displayName: "Lucía F." }, { displayName: "Lucía Ferrer" }],
    ]);
    expect(trail.map((e) => e.actor)).toEqual([
      { id: null, name: null, email: null, ip: "198.51.100.23" },
      { id: null, name: null, email: null, ip: "198.51.100.23" },
    ]);
  });

  it("is written only inside a transaction: the database itself is not accepted", () => {
    expectTypeOf(record).parameter(0).toEqualTypeOf<Transaction>();
    expectTypeOf<Database>().not.toMatchTypeOf<Transaction>();
  });
});

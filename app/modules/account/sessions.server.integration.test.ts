import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { session } from "#db/schema";
import { createUser } from "#db/seed/factories";
import type { Database } from "~/lib/db.server";
import { listSessions, revokeSession } from "./sessions.server";

const db = await setupTestDatabase();

async function signedIn(db: Database, userId: string, id: string, userAgent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36") {
  await db.insert(session).values({ id, userId, token: `secret-token-${id}`, expiresAt: new Date(Date.now() + 86_400_000), userAgent });
}

describe("the sessions list on /account (issue 16, item 13)", () => {
  it("lists the user's live sessions by id, never with their tokens", async () => {
    const ana = await createUser(db);
    const bob = await createUser(db);
    await signedIn(db, ana.id, "s-ana-1");
    await signedIn(db, ana.id, "s-ana-2");
    await signedIn(db, bob.id, "s-bob-1");
    await db.insert(session).values({ id: "s-ana-old", userId: ana.id, token: "secret-token-old", expiresAt: new Date(Date.now() - 1000) });

    const list = await listSessions(db, ana.id, "s-ana-1");
    expect(list.map((s) => s.id).sort()).toEqual(["s-ana-1", "s-ana-2"]);
    expect(list.find((s) => s.id === "s-ana-1")?.current).toBe(true);
    expect(JSON.stringify(list)).not.toContain("secret-token");
    expect(Object.keys(list[0]).sort()).toEqual(["createdAt", "current", "id", "lastActiveAt", "userAgent"]);
  });

  it("signs out another of the user's sessions by id; someone else's, an unknown one or this one change nothing", async () => {
    const ana = await createUser(db);
    const bob = await createUser(db);
    await signedIn(db, ana.id, "s-ana-1");
    await signedIn(db, ana.id, "s-ana-2");
    await signedIn(db, bob.id, "s-bob-1");

    expect(await revokeSession(db, ana.id, "s-bob-1", "s-ana-1")).toEqual({ ok: false, status: 404, error: "That session has already ended." });
    expect(await revokeSession(db, ana.id, "nope", "s-ana-1")).toMatchObject({ ok: false, status: 404 });
    expect(await revokeSession(db, ana.id, "s-ana-1", "s-ana-1")).toMatchObject({ ok: false, status: 400 });
    expect(await db.select({ id: session.id }).from(session)).toHaveLength(3);

    expect(await revokeSession(db, ana.id, "s-ana-2", "s-ana-1")).toEqual({ ok: true });
    expect((await db.select({ id: session.id }).from(session).where(eq(session.userId, ana.id))).map((s) => s.id)).toEqual(["s-ana-1"]);
    expect(await db.select({ id: session.id }).from(session).where(eq(session.userId, bob.id))).toHaveLength(1);
  });
});

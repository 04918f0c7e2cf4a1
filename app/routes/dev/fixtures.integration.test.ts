import { count, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getTestDb, resetTestDb } from "../../../tests/setup/database";
import { TestVisitor } from "../../../tests/setup/visitor";
import { creatorSupporters, maps, platformSubscriptions, profiles, user } from "#db/schema";
import { resetEnvCache } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { requestContext } from "~/lib/request-context";
import { getAuth } from "~/modules/auth/auth.server";
import { action, loader } from "./fixtures";

/** POST /dev/fixtures from `clientIp`: the Response, or one with the status of a thrown answer. */
async function post(fields: Record<string, string>, clientIp = "127.0.0.1"): Promise<Response> {
  let answer: Response | undefined;
  await new TestVisitor().request(
    "/dev/fixtures",
    async (request, context) => {
      context.set(requestContext, { requestId: "test", nonce: "", clientIp, log: logger });
      try {
        answer = await action({ request, context } as unknown as Parameters<typeof action>[0]);
      } catch (thrown) {
        // notFound() throws React Router's data() with a 404: the 404 page.
        const status = thrown instanceof Response ? thrown.status : (thrown as { init?: { status?: number } }).init?.status;
        if (status === undefined) throw thrown;
        answer = new Response(null, { status });
      }
      return answer;
    },
    { method: "POST", body: new URLSearchParams(fields) },
  );
  return answer!;
}

async function users() {
  const db = await getTestDb();
  return (await db.select({ n: count() }).from(user))[0].n;
}

function setEnv(values: Record<string, string>) {
  for (const [key, value] of Object.entries(values)) vi.stubEnv(key, value);
  resetEnvCache();
}

describe("/dev/fixtures", () => {
  beforeEach(async () => {
    await resetTestDb(await getTestDb());
    setEnv({ BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth", E2E_FIXTURES: "", APP_MODE: "local", PUBLIC_URL: "" });
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
  });

  it("is the 404 page unless E2E_FIXTURES=on, from anywhere but this machine, and in a deployment; nothing is made", async () => {
    expect((await post({ kind: "admin" })).status).toBe(404);
    setEnv({ E2E_FIXTURES: "on" });
    expect((await post({ kind: "admin" }, "203.0.113.9")).status).toBe(404);
    setEnv({ APP_MODE: "production" });
    expect((await post({ kind: "admin" })).status).toBe(404);
    setEnv({ APP_MODE: "local", PUBLIC_URL: "https://spotfolio.example" });
    expect((await post({ kind: "admin" })).status).toBe(404);
    expect(await users()).toBe(0);
    // A GET is never an answer.
    expect(() => loader({ request: new Request("http://localhost/dev/fixtures") } as unknown as Parameters<typeof loader>[0])).toThrow();
  });

  it("makes a creator with a published 30-spot map, gated on request, signed in with a session better-auth accepts", async () => {
    setEnv({ E2E_FIXTURES: "on" });
    const response = await post({ kind: "creator", prefix: "maker", gated: "on" });
    expect(response.status).toBe(200);
    const made = (await response.json()) as {
      userId: string;
      email: string;
      handle: string;
      maps: { id: string; spots: { visibility: string }[] }[];
    };
    expect(made.email).toMatch(/^maker-.+@example\.com$/);
    expect(made.handle).toMatch(/^maker_/);
    expect(made.maps).toHaveLength(1);
    expect(made.maps[0].spots).toHaveLength(30);
    expect(made.maps[0].spots.slice(0, 4).map((s) => s.visibility)).toEqual(["public", "premium", "supporters", "public"]);

    const db = await getTestDb();
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, made.userId));
    expect(profile).toMatchObject({ handle: made.handle, isCreator: true, isPublished: true, isAdmin: false });
    const [map] = await db.select().from(maps).where(eq(maps.id, made.maps[0].id));
    expect(map).toMatchObject({ ownerId: made.userId, isPublished: true });

    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).toContain("session_token");
    const session = await getAuth(db).api.getSession({ headers: new Headers({ cookie }) });
    expect(session?.user.email).toBe(made.email);
  });

  it("makes Premium members and supporters with running subscriptions, admins, and second sessions", async () => {
    setEnv({ E2E_FIXTURES: "on" });
    const creator = (await (await post({ kind: "creator", maps: "0" })).json()) as { userId: string; handle: string };
    const premium = (await (await post({ kind: "premium" })).json()) as { userId: string };
    const supporter = (await (await post({ kind: "supporter", supports: creator.handle })).json()) as { userId: string };
    const admin = (await (await post({ kind: "admin", email: "Boss@Example.com" })).json()) as { userId: string; email: string };
    const db = await getTestDb();
    expect(
      await db.select({ status: platformSubscriptions.status }).from(platformSubscriptions).where(eq(platformSubscriptions.userId, premium.userId)),
    ).toEqual([{ status: "active" }]);
    expect(
      await db
        .select({ status: creatorSupporters.status, creatorId: creatorSupporters.creatorId })
        .from(creatorSupporters)
        .where(eq(creatorSupporters.userId, supporter.userId)),
    ).toEqual([{ status: "active", creatorId: creator.userId }]);
    expect((await db.select({ isAdmin: profiles.isAdmin }).from(profiles).where(eq(profiles.id, admin.userId)))[0].isAdmin).toBe(true);
    expect(admin.email).toBe("boss@example.com");

    expect((await post({ kind: "supporter", supports: "nobody_here" })).status).toBe(400);
    const again = await post({ kind: "session", email: admin.email });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { userId: string }).userId).toBe(admin.userId);
    expect(again.headers.getSetCookie().join(";")).toContain("session_token");
  });
});

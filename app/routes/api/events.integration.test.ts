import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { BOT_UA, TestVisitor } from "../../../tests/setup/visitor";
import { events } from "#db/schema";
import { createCreator, createProfile } from "#db/seed/factories";
import type { Database } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { requestContext } from "~/lib/request-context";
import { getRateLimiter } from "~/modules/rate-limit/rate-limit.server";
import { action } from "./events";
import { EVENTS_RATE_LIMIT } from "~/modules/analytics/client-events.server";
import { creditCreator } from "~/modules/analytics/request.server";

const db = await setupTestDatabase();

const allEvents = (db: Database) => db.select().from(events).orderBy(asc(events.id));

let ip = 0;
/** POST /api/events through the route's action, from a fresh client IP unless given. */
async function postRaw(visitor: TestVisitor, init: RequestInit, clientIp = `198.51.100.${++ip}`): Promise<Response> {
  const { response } = await visitor.request(
    "/api/events",
    (request, context) => {
      context.set(requestContext, { requestId: "test", nonce: "", clientIp, log: logger });
      return action({ request, context } as unknown as Parameters<typeof action>[0]);
    },
    { method: "POST", ...init },
  );
  return response;
}

async function post(visitor: TestVisitor, init: RequestInit, clientIp?: string) {
  const response = await postRaw(visitor, init, clientIp);
  return { status: response.status, body: (await response.json()) as { ok: boolean; error?: string } };
}

const json = (value: unknown): RequestInit => ({ headers: { "Content-Type": "application/json" }, body: JSON.stringify(value) });
const form = (fields: Record<string, string>): RequestInit => ({ body: new URLSearchParams(fields) });

describe("POST /api/events", () => {
  it("records pricing_dialog_closed as JSON or form data, with ids and attribution from the server only", async () => {
    const { profile: creator } = await createCreator(db);
    const { user: u } = await createProfile(db);
    const visitor = new TestVisitor();
    await visitor.request("/@creator", async (_request, context) => creditCreator(context, creator.id));
    await visitor.signIn(db, u.id);

    // The client tries to choose who it is and whom to credit: ignored (unknown top-level keys are dropped).
    expect(
      await post(
        visitor,
        json({ type: "pricing_dialog_closed", properties: { tier: "premium", step: "pricing" }, userId: "someone", attributionCreatorId: "x" }),
      ),
    ).toEqual({
      status: 202,
      body: { ok: true },
    });
    // sendBeacon's encoding; is_authenticated is the server's to say.
    expect(
      (await post(visitor, form({ type: "pricing_dialog_closed", properties: JSON.stringify({ interval: "year", is_authenticated: false }) }))).status,
    ).toBe(202);

    const rows = await allEvents(db);
    expect(rows.map((r) => [r.type, r.userId, r.anonymousId, r.attributionCreatorId, r.properties])).toEqual([
      ["pricing_dialog_closed", u.id, visitor.cookies.get("sf_tid"), creator.id, { tier: "premium", step: "pricing", is_authenticated: true }],
      ["pricing_dialog_closed", u.id, visitor.cookies.get("sf_tid"), creator.id, { interval: "year", is_authenticated: true }],
    ]);
  });

  it("an anonymous first request gets a tracking id with its event", async () => {
    const visitor = new TestVisitor();
    expect((await post(visitor, form({ type: "pricing_dialog_closed" }))).status).toBe(202);
    const [row] = await allEvents(db);
    expect(row).toMatchObject({ userId: null, anonymousId: visitor.cookies.get("sf_tid"), properties: { is_authenticated: false } });
    expect(row.anonymousId).toBeTruthy();
  });

  it("answers bad input with 4xx and a clear message, and records nothing", async () => {
    const visitor = new TestVisitor();
    const cases: [RequestInit, number, string][] = [
      [json({ type: "no_such_event" }), 400, "type: Unknown event type: send one of pricing_dialog_closed"],
      // Server-side events cannot be forged from a page.
      [json({ type: "subscribed_paid", properties: { tier: "premium" } }), 400, "type: Unknown event type: send one of pricing_dialog_closed"],
      [form({ type: "map_viewed" }), 400, "type: Unknown event type: send one of pricing_dialog_closed"],
      [json({}), 400, "type: Unknown event type: send one of pricing_dialog_closed"],
      [json(["pricing_dialog_closed"]), 400, "The event must be an object with a type"],
      [{ headers: { "Content-Type": "application/json" }, body: "{not json" }, 400, "The body is not valid JSON"],
      [form({ type: "pricing_dialog_closed", properties: "{oops" }), 400, "properties: send a JSON object"],
      [form({ type: "pricing_dialog_closed", properties: "[1, 2]" }), 400, "properties: Invalid input: expected record, received array"],
      [
        json({ type: "pricing_dialog_closed", properties: { nested: { a: 1 } } }),
        400,
        "properties.nested: Property values are strings (at most 200 characters), numbers, booleans or null",
      ],
      [
        json({ type: "pricing_dialog_closed", properties: { note: "x".repeat(3000) } }),
        400,
        "properties.note: Too big: expected string to have <=200 characters",
      ],
      [json({ type: "pricing_dialog_closed", properties: { note: "x".repeat(5000) } }), 413, "An event is at most 4096 bytes"],
      [{ headers: { "Content-Type": "text/plain" }, body: "pricing_dialog_closed" }, 415, "Send the event as JSON or form data"],
    ];
    for (const [init, status, error] of cases) {
      expect(await post(visitor, init), JSON.stringify(init.body)).toEqual({ status, body: { ok: false, error } });
    }
    expect(await allEvents(db)).toEqual([]);
  });

  it("refuses posts from other sites", async () => {
    const visitor = new TestVisitor();
    const result = await post(visitor, { ...form({ type: "pricing_dialog_closed" }), headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(result.status).toBe(403);
    const same = await post(visitor, { ...form({ type: "pricing_dialog_closed" }), headers: { "Sec-Fetch-Site": "same-origin" } });
    expect(same.status).toBe(202);
  });

  it("rate-limits per client IP with a Retry-After", async () => {
    const visitor = new TestVisitor();
    await getRateLimiter().reset("events:ip:203.0.113.77");
    for (let i = 0; i < EVENTS_RATE_LIMIT.limit; i++) {
      expect((await post(visitor, form({ type: "pricing_dialog_closed" }), "203.0.113.77")).status).toBe(202);
    }
    const refused = await postRaw(visitor, form({ type: "pricing_dialog_closed" }), "203.0.113.77");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ ok: false, error: "Too many events. Please slow down." });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await allEvents(db)).toHaveLength(EVENTS_RATE_LIMIT.limit);
  });

  it("answers bots like anyone but records nothing", async () => {
    expect((await post(new TestVisitor(BOT_UA), form({ type: "pricing_dialog_closed" }))).status).toBe(202);
    expect(await allEvents(db)).toEqual([]);
  });
});

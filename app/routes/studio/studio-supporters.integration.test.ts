/**
 * /studio/supporters and /studio/supporters.csv: the signed-in creator's supporters only (active,
 * in trial, cancelling, ended), counted and churned by month, and never a supporter's email or
 * user id, in the loader's data, the rendered page, its `.data` or the CSV, read through the
 * whole server. Other creators see theirs, members get 403, visitors log in.
 */
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { appServerBuild } from "../../../tests/setup/app-build";
import { edgeServer, sessionCookie } from "../../../tests/setup/edge-server";
import { stubTestEnv } from "../../../tests/setup/env";
import { runRoute, visitorAs } from "../../../tests/setup/visitor";
import { creatorSupporters, type SubscriptionStatus } from "#db/schema";
import { createCreator, createProfile } from "#db/seed/factories";
import { loader } from "./studio-supporters";
import { loader as csvLoader } from "./studio-supporters-csv";

stubTestEnv({ BETTER_AUTH_SECRET: "a-test-secret-that-is-long-enough-for-better-auth" });
const db = await setupTestDatabase();
const server = await edgeServer(db, { build: await appServerBuild({ documents: true }) });

afterEach(() => {
  vi.useRealTimers();
});

async function support(
  creatorId: string,
  userId: string,
  s: { start: string; status: SubscriptionStatus; periodEnd?: string; trialEnd?: string; cancel?: boolean; ended?: string },
) {
  await db.insert(creatorSupporters).values({
    userId,
    creatorId,
    status: s.status,
    interval: "month",
    provider: "local",
    providerSubscriptionId: `test_${randomUUID()}`,
    priceId: "local_supporter_month",
    trialEnd: s.trialEnd ? new Date(s.trialEnd) : null,
    currentPeriodEnd: s.periodEnd ? new Date(s.periodEnd) : null,
    cancelAtPeriodEnd: s.cancel ?? false,
    endedAt: s.ended ? new Date(s.ended) : null,
    confirmationSentAt: new Date(s.start),
    createdAt: new Date(s.start),
  });
}

/** A creator with one supporter of each kind; every supporter's address is on record. */
async function creatorWithSupporters() {
  const { user: creatorUser, profile: creator } = await createCreator(db, { handle: `maker${randomUUID().slice(0, 6)}` });
  const people = {
    active: await createProfile(
      db,
      { displayName: "Ana Pérez", handle: `ana${randomUUID().slice(0, 6)}` },
      { email: `ana.private-${randomUUID().slice(0, 6)}@example.com` },
    ),
    trialing: await createProfile(db, { displayName: "Bo", handle: null }, { email: `bo.private-${randomUUID().slice(0, 6)}@example.com` }),
    cancelling: await createProfile(
      db,
      { displayName: null, handle: `cy${randomUUID().slice(0, 6)}` },
      { email: `cy.private-${randomUUID().slice(0, 6)}@example.com` },
    ),
    ended: await createProfile(db, { displayName: "Dee", handle: null }, { email: `dee.private-${randomUUID().slice(0, 6)}@example.com` }),
  };
  await support(creator.id, people.active.user.id, { start: "2026-09-10T00:00:00Z", status: "active", periodEnd: "2026-12-10T00:00:00Z" });
  await support(creator.id, people.trialing.user.id, {
    start: "2026-11-05T00:00:00Z",
    status: "trialing",
    trialEnd: "2026-12-05T00:00:00Z",
    periodEnd: "2026-12-05T00:00:00Z",
  });
  await support(creator.id, people.cancelling.user.id, { start: "2026-10-01T00:00:00Z", status: "active", periodEnd: "2026-12-01T00:00:00Z", cancel: true });
  await support(creator.id, people.ended.user.id, {
    start: "2026-08-15T00:00:00Z",
    status: "canceled",
    periodEnd: "2026-10-15T00:00:00Z",
    ended: "2026-10-15T00:00:00Z",
  });
  const secrets = Object.values(people).flatMap(({ user }) => [user.email, user.email.split("@")[0], user.id]);
  return { creatorUser, creator, people, secrets };
}

const expectNone = (body: string, secrets: string[]) => {
  for (const secret of secrets) expect(body).not.toContain(secret);
};

describe("/studio/supporters", () => {
  it("shows the creator's active, trialing, cancelling and ended supporters, counted and churned by month, without an email", async () => {
    const { creatorUser, secrets } = await creatorWithSupporters();
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-20T10:00:00Z") });
    const outcome = await runRoute(await visitorAs(db, creatorUser.id), "/studio/supporters", loader);
    vi.useRealTimers();
    expect(outcome.status).toBe(200);
    const data = outcome.data as Awaited<ReturnType<typeof loader>>;
    expect(data.counts).toEqual({ active: 3, trial: 1, cancelling: 1, pastDue: 0, former: 1 });
    expect(data.current.map((s) => [s.displayName ?? s.handle?.slice(0, 2), s.status])).toEqual([
      ["Bo", "trial"],
      ["cy", "cancelling"],
      ["Ana Pérez", "active"],
    ]);
    expect(data.former.map((s) => [s.displayName, s.ended])).toEqual([["Dee", new Date("2026-10-15T00:00:00Z")]]);
    expect(data.months.slice(-4).map((m) => [m.month, m.started, m.ended, m.activeAtStart, m.activeAtEnd, m.churn])).toEqual([
      ["2026-08", 1, 0, 0, 1, null],
      ["2026-09", 1, 0, 1, 2, 0],
      ["2026-10", 1, 1, 2, 2, 0.5],
      ["2026-11", 1, 0, 2, 3, 0],
    ]);
    expectNone(JSON.stringify(data), secrets);
  });

  it("never sends an email or user id: not in the page, its data or the CSV (through the whole server)", async () => {
    const { creatorUser, secrets } = await creatorWithSupporters();
    const cookie = await sessionCookie(db, creatorUser.email);
    const page = await server.request("/studio/supporters", { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Ana Pérez");
    expect(html).toContain("Cancels on 1 December 2026");
    expectNone(html, secrets);

    const data = await server.request("/studio/supporters.data", { headers: { cookie } });
    const text = await data.text();
    expect(text).toContain("Ana Pérez");
    expectNone(text, secrets);

    const csv = await server.request("/studio/supporters.csv", { headers: { cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="supporters-maker.{6}-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.headers.get("cache-control")).toBe("private, no-store");
    const body = await csv.text();
    const lines = body.trim().split("\r\n");
    expect(lines[0]).toBe("handle,display name,plan interval,status,since,ended,next renewal");
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^,Bo,monthly,trial,2026-11-05,,2026-12-05$/),
      expect.stringMatching(/^cy.{6},,monthly,cancels on 2026-12-01,2026-10-01,,$/),
      expect.stringMatching(/^ana.{6},Ana Pérez,monthly,active,2026-09-10,,2026-12-10$/),
      ",Dee,monthly,ended,2026-08-15,2026-10-15,",
    ]);
    expectNone(body, secrets);
  });

  it("another creator sees only their own supporters, and an empty page without any", async () => {
    await creatorWithSupporters();
    const { user: other, profile: otherProfile } = await createCreator(db);
    const { user: theirs } = await createProfile(db, { displayName: "Theirs", handle: null });
    await support(otherProfile.id, theirs.id, { start: "2026-10-01T00:00:00Z", status: "active", periodEnd: "2026-12-01T00:00:00Z" });
    const visitor = await visitorAs(db, other.id);
    const data = (await runRoute(visitor, "/studio/supporters", loader)).data as Awaited<ReturnType<typeof loader>>;
    expect(data.current.map((s) => s.displayName)).toEqual(["Theirs"]);
    expect(data.former).toEqual([]);
    const csv = (await runRoute(visitor, "/studio/supporters.csv", csvLoader)).data as Response;
    expect((await csv.text()).trim().split("\r\n")).toEqual([
      "handle,display name,plan interval,status,since,ended,next renewal",
      ",Theirs,monthly,active,2026-10-01,,2026-12-01",
    ]);

    const { user: lonely } = await createCreator(db);
    const cookie = await sessionCookie(db, lonely.email);
    const page = await (await server.request("/studio/supporters", { headers: { cookie } })).text();
    expect(page).toContain("No supporters yet");
    expect(page).not.toContain("Download CSV");
  });

  it("a member who is not a creator gets 403; an anonymous visitor logs in first", async () => {
    const { user: member } = await createProfile(db);
    for (const [path, handle] of [
      ["/studio/supporters", loader],
      ["/studio/supporters.csv", csvLoader],
    ] as [string, (args: never) => Promise<unknown>][]) {
      expect(await runRoute(await visitorAs(db, member.id), path, handle)).toMatchObject({ status: 403 });
      expect(await runRoute(await visitorAs(db), path, handle)).toEqual({ status: 302, location: `/auth?step=login&redirectTo=${encodeURIComponent(path)}` });
    }
    const cookie = await sessionCookie(db, member.email);
    expect((await server.request("/studio/supporters.csv", { headers: { cookie } })).status).toBe(403);
  });
});

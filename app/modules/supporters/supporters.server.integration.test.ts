/**
 * A creator's supporters from their subscription rows: who supports them now (one row per
 * person, since their first start), who did, and the 12 UTC months' starts, ends, supporters at
 * each month's end and churn (ended / running at the month's start), at fixed moments.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { creatorSupporters, type SubscriptionStatus } from "#db/schema";
import { createCreator, createProfile } from "#db/seed/factories";
import { supporterLists, supporterMonths, supportersOverview } from "./supporters.server";
import { supportersCsv } from "./supporters-csv.server";

const db = await setupTestDatabase();

interface Support {
  start: string;
  status: SubscriptionStatus;
  interval?: "month" | "year";
  trialEnd?: string;
  periodEnd?: string;
  cancel?: boolean;
  ended?: string;
}

async function support(creatorId: string, userId: string, s: Support) {
  const [row] = await db
    .insert(creatorSupporters)
    .values({
      userId,
      creatorId,
      status: s.status,
      interval: s.interval ?? "month",
      provider: "local",
      providerSubscriptionId: `test_${randomUUID()}`,
      priceId: s.interval === "year" ? "local_supporter_year" : "local_supporter_month",
      trialEnd: s.trialEnd ? new Date(s.trialEnd) : null,
      currentPeriodEnd: s.periodEnd ? new Date(s.periodEnd) : null,
      cancelAtPeriodEnd: s.cancel ?? false,
      endedAt: s.ended ? new Date(s.ended) : null,
      confirmationSentAt: new Date(s.start),
      createdAt: new Date(s.start),
      updatedAt: new Date(s.ended ?? s.start),
    })
    .returning();
  return row;
}

const NOW = new Date("2026-11-15T12:00:00Z");

/** One creator's world: paying, in trial, cancelling, ended, back again, and one that never ran. */
async function world() {
  const { profile: creator } = await createCreator(db);
  const member = (displayName: string | null, handle: string | null, email?: string) =>
    createProfile(db, { displayName, handle }, email ? { email } : {}).then((p) => p.user.id);
  const ana = await member("Ana Pérez", "ana");
  const bo = await member(null, "bo");
  const cy = await member("cy.secret", null, "cy.secret@example.com");
  const dee = await member("Dee", null);
  const eve = await member("Eve", "eve");
  const gus = await member("Gus", "gus");
  await support(creator.id, ana, { start: "2026-03-10T09:00:00Z", status: "active", periodEnd: "2026-12-10T09:00:00Z" });
  // Bo ended in October and came back in November: a current supporter since September.
  await support(creator.id, bo, { start: "2026-09-05T10:00:00Z", status: "canceled", periodEnd: "2026-10-20T00:00:00Z", ended: "2026-10-20T00:00:00Z" });
  await support(creator.id, bo, {
    start: "2026-11-10T08:00:00Z",
    status: "trialing",
    interval: "year",
    trialEnd: "2026-12-10T08:00:00Z",
    periodEnd: "2026-12-10T08:00:00Z",
  });
  await support(creator.id, cy, { start: "2026-11-01T00:00:00Z", status: "trialing", trialEnd: "2026-12-01T00:00:00Z", periodEnd: "2026-12-01T00:00:00Z" });
  await support(creator.id, dee, { start: "2026-08-01T00:00:00Z", status: "active", periodEnd: "2026-12-01T00:00:00Z", cancel: true });
  // A first payment that never came: nobody's support.
  await support(creator.id, eve, { start: "2026-11-02T00:00:00Z", status: "incomplete_expired", ended: "2026-11-03T00:00:00Z" });
  await support(creator.id, gus, { start: "2025-12-20T00:00:00Z", status: "canceled", periodEnd: "2026-02-10T00:00:00Z", ended: "2026-02-10T00:00:00Z" });
  return { creator };
}

describe("a creator's supporters", () => {
  it("lists current supporters by person, newest first (first start, plan, status, next renewal), and former ones, by handle or a chosen name only", async () => {
    const { creator } = await world();
    const { current, former } = await supporterLists(db, creator.id);
    expect(current.map(({ key: _key, ...s }) => s)).toEqual([
      {
        // "cy.secret" is the email's local part, not a name they chose.
        handle: null,
        displayName: null,
        interval: "month",
        status: "trial",
        since: new Date("2026-11-01T00:00:00Z"),
        trialEnd: new Date("2026-12-01T00:00:00Z"),
        endsOn: null,
        nextRenewal: new Date("2026-12-01T00:00:00Z"),
      },
      {
        handle: "bo",
        displayName: null,
        interval: "year",
        status: "trial",
        since: new Date("2026-09-05T10:00:00Z"),
        trialEnd: new Date("2026-12-10T08:00:00Z"),
        endsOn: null,
        nextRenewal: new Date("2026-12-10T08:00:00Z"),
      },
      {
        handle: null,
        displayName: "Dee",
        interval: "month",
        status: "cancelling",
        since: new Date("2026-08-01T00:00:00Z"),
        trialEnd: null,
        endsOn: new Date("2026-12-01T00:00:00Z"),
        nextRenewal: null,
      },
      {
        handle: "ana",
        displayName: "Ana Pérez",
        interval: "month",
        status: "active",
        since: new Date("2026-03-10T09:00:00Z"),
        trialEnd: null,
        endsOn: null,
        nextRenewal: new Date("2026-12-10T09:00:00Z"),
      },
    ]);
    expect(former.map(({ key: _key, ...s }) => s)).toEqual([
      { handle: "gus", displayName: "Gus", interval: "month", since: new Date("2025-12-20T00:00:00Z"), ended: new Date("2026-02-10T00:00:00Z") },
    ]);
    expect(JSON.stringify({ current, former })).not.toMatch(/@example\.com|cy\.secret/);
  });

  it("counts starts, ends, supporters at each month's end and churn over the 12 months up to now", async () => {
    const { creator } = await world();
    const months = await supporterMonths(db, creator.id, NOW);
    expect(months.map((m) => [m.month, m.started, m.ended, m.activeAtStart, m.activeAtEnd, m.churn])).toEqual([
      ["2025-12", 1, 0, 0, 1, null],
      ["2026-01", 0, 0, 1, 1, 0],
      ["2026-02", 0, 1, 1, 0, 1],
      ["2026-03", 1, 0, 0, 1, null],
      ["2026-04", 0, 0, 1, 1, 0],
      ["2026-05", 0, 0, 1, 1, 0],
      ["2026-06", 0, 0, 1, 1, 0],
      ["2026-07", 0, 0, 1, 1, 0],
      ["2026-08", 1, 0, 1, 2, 0],
      ["2026-09", 1, 0, 2, 3, 0],
      ["2026-10", 0, 1, 3, 2, 1 / 3],
      ["2026-11", 2, 0, 2, 4, 0],
    ]);
    const overview = await supportersOverview(db, creator.id, NOW);
    expect(overview.counts).toEqual({ active: 4, trial: 2, cancelling: 1, pastDue: 0, former: 1 });
  });

  it("takes the months at UTC boundaries: the first second of a month is that month's", async () => {
    const { profile: creator } = await createCreator(db);
    const { user: member } = await createProfile(db);
    await support(creator.id, member.id, { start: "2026-12-31T23:59:59Z", status: "canceled", ended: "2027-01-01T00:00:00Z" });
    const months = await supporterMonths(db, creator.id, new Date("2027-01-01T00:00:00Z"));
    expect(months).toHaveLength(12);
    expect(months.slice(-2)).toEqual([
      { month: "2026-12", started: 1, ended: 0, activeAtStart: 0, activeAtEnd: 1, churn: null },
      { month: "2027-01", started: 0, ended: 1, activeAtStart: 1, activeAtEnd: 0, churn: 1 },
    ]);
  });

  it("sees only the creator's own supporters, and an empty world for a creator without any", async () => {
    const { creator } = await world();
    const { profile: other } = await createCreator(db);
    const { user: theirs } = await createProfile(db, { handle: "theirs" });
    await support(other.id, theirs.id, { start: "2026-10-01T00:00:00Z", status: "active", periodEnd: "2026-12-01T00:00:00Z" });
    expect((await supporterLists(db, other.id)).current.map((s) => s.handle)).toEqual(["theirs"]);
    expect((await supporterLists(db, creator.id)).current.map((s) => s.handle)).not.toContain("theirs");
    const { profile: lonely } = await createCreator(db);
    const empty = await supportersOverview(db, lonely.id, NOW);
    expect(empty).toMatchObject({ counts: { active: 0, trial: 0, cancelling: 0, pastDue: 0, former: 0 }, current: [], former: [] });
    expect(empty.months.every((m) => m.started === 0 && m.activeAtEnd === 0 && m.churn === null)).toBe(true);
  });

  it("writes the CSV: every supporter with handle, name, interval, status and UTC days; no email, no user id", async () => {
    const { creator } = await world();
    const { current, former } = await supporterLists(db, creator.id);
    const csv = supportersCsv(current, former);
    expect(csv.split("\r\n")).toEqual([
      "handle,display name,plan interval,status,since,ended,next renewal",
      ",,monthly,trial,2026-11-01,,2026-12-01",
      "bo,,yearly,trial,2026-09-05,,2026-12-10",
      ",Dee,monthly,cancels on 2026-12-01,2026-08-01,,",
      "ana,Ana Pérez,monthly,active,2026-03-10,,2026-12-10",
      "gus,Gus,monthly,ended,2025-12-20,2026-02-10,",
      "",
    ]);
    expect(csv).not.toMatch(/@|secret/);
  });
});

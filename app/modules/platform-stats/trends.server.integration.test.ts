import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pay } from "../../../tests/money/world";
import { setupTestDatabase } from "../../../tests/setup/database";
import { creatorApplications, emailOutbox, user } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { adminTrends, TREND_DAYS } from "./trends.server";

const db = await setupTestDatabase();
// A fixed "now" (the figures are per UTC day, so the test does not depend on today's date).
const now = new Date("2026-03-10T15:00:00Z");
const at = (day: string) => new Date(`${day}T12:00:00Z`);

describe("admin trends", () => {
  it("counts each day of the last 90 once, with zeros between, and the months' revenue", async () => {
    const { profile: creator, user: creatorUser } = await createCreator(db);
    await db
      .update(user)
      .set({ createdAt: at("2026-03-09") })
      .where(eq(user.id, creatorUser.id));
    await createMap(db, { publishedAt: at("2026-03-01") }, { ownerId: creator.id, spots: 2 });
    // A map published before the window is not in it, nor a private one.
    await createMap(db, { publishedAt: at("2025-10-01") }, { ownerId: creator.id, spots: 0 });
    await createMap(db, { publishedAt: at("2026-03-01"), isPublished: false }, { ownerId: creator.id, spots: 0 });
    const { user: applicant } = await createProfile(db);
    await db
      .update(user)
      .set({ createdAt: at("2026-03-09") })
      .where(eq(user.id, applicant.id));
    await db.insert(creatorApplications).values({ userId: applicant.id, status: "pending", createdAt: at("2026-03-08") });
    await db.insert(emailOutbox).values([
      { to: "a@example.com", template: "verify-email", status: "sent", sentAt: at("2026-03-10") },
      { to: "b@example.com", template: "verify-email", status: "sent", sentAt: at("2026-03-10") },
      { to: "c@example.com", template: "magic-link", status: "failed", createdAt: at("2026-03-09") },
      // Bounced counts by the day it bounced; a suppressed message (never sent to a server) is not a bounce.
      { to: "d@example.com", template: "magic-link", status: "bounced", createdAt: at("2026-03-05"), bouncedAt: at("2026-03-06") },
      { to: "d@example.com", template: "magic-link", status: "suppressed", createdAt: at("2026-03-07"), bouncedAt: at("2026-03-07") },
    ]);
    const { user: member } = await createProfile(db);
    await pay(db, { userId: member.id, tier: "supporter", creatorId: creator.id, grossCents: 10_00, periodStart: at("2026-02-20") });
    await pay(db, { userId: member.id, tier: "premium", grossCents: 6_00, periodStart: at("2026-03-02") });

    const trends = await adminTrends(db, now);
    expect(trends.days).toHaveLength(TREND_DAYS);
    expect(trends.days.at(-1)).toBe("2026-03-10");
    expect(trends.days[0]).toBe("2025-12-11");
    const on = (key: keyof typeof trends.series, day: string) => trends.series[key][trends.days.indexOf(day)];
    expect(on("signups", "2026-03-09")).toBe(2);
    expect(on("applications", "2026-03-08")).toBe(1);
    expect(on("maps", "2026-03-01")).toBe(1);
    expect(trends.series.maps.reduce((a, b) => a + b, 0)).toBe(1);
    expect(on("emailSent", "2026-03-10")).toBe(2);
    expect(on("emailFailed", "2026-03-09")).toBe(1);
    expect(on("emailBounced", "2026-03-06")).toBe(1);
    expect(trends.series.emailBounced.reduce((a, b) => a + b, 0)).toBe(1);
    expect(on("payments", "2026-02-20")).toBe(10_00);
    expect(on("payments", "2026-03-02")).toBe(6_00);
    expect(trends.members).toEqual({ premium: 1, supporters: 1, supportedCreators: 1 });
    expect(trends.revenue.thisMonth).toMatchObject({ month: "2026-03", grossCents: 6_00 });
    expect(trends.revenue.lastMonth).toMatchObject({ month: "2026-02", grossCents: 10_00 });
  });
});

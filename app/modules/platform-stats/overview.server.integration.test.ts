import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { creatorApplications, emailOutbox } from "#db/schema";
import { createCreator, createMap, createProfile } from "#db/seed/factories";
import { publishedMaps } from "~/modules/catalog/catalog.server";
import { exploreSpots } from "~/modules/spots/explore.server";
import { NO_ENTITLEMENTS } from "~/modules/gate";
import { adminOverview } from "./overview.server";

const db = await setupTestDatabase();

describe("admin overview", () => {
  it("counts users, creators, published content, pending applications and mail by status", async () => {
    const { profile: creator } = await createCreator(db);
    await createMap(db, {}, { ownerId: creator.id, spots: 4, spotOverrides: (p) => (p === 0 ? { isPublished: false } : {}) });
    await createMap(db, { isPublished: false }, { ownerId: creator.id, spots: 1 });
    // A creator who is not published: their published map and its spots are published to nobody.
    const { profile: unpublished } = await createCreator(db, { isPublished: false });
    await createMap(db, {}, { ownerId: unpublished.id, spots: 2 });
    const { user: applicant } = await createProfile(db);
    await db.insert(creatorApplications).values({ userId: applicant.id, status: "pending" });
    await db.insert(emailOutbox).values([
      { to: "a@example.com", template: "verify-email", status: "sent" },
      { to: "b@example.com", template: "magic-link", status: "failed", lastError: "451 mailbox busy" },
      { to: "c@example.com", template: "magic-link" },
      { to: "d@example.com", template: "magic-link", status: "bounced", lastError: "Rejected for good: 550 5.1.1 mailbox unavailable" },
    ]);

    const overview = await adminOverview(db);
    expect(overview).toMatchObject({
      users: 3,
      creators: 2,
      publishedMaps: 1,
      pendingApplications: 1,
      email: { sent: 1, pending: 1, failed: 1, bounced: 1, suppressed: 0 },
    });
    expect(overview.recentFailures.map((f) => [f.to, f.status]).sort()).toEqual([
      ["b@example.com", "failed"],
      ["d@example.com", "bounced"],
    ]);
    // Published means what the public sees: not the draft map's spot, nor the unpublished creator's.
    expect(overview.publishedSpots).toBe(3);
    // The same number Explore and the catalogue show.
    expect((await exploreSpots(db, NO_ENTITLEMENTS, { page: 1 })).total).toBe(overview.publishedSpots);
    expect(await publishedMaps(db, { limit: 100 })).toHaveLength(overview.publishedMaps);
    expect(overview.recentFailures).toContainEqual(expect.objectContaining({ to: "b@example.com", lastError: "451 mailbox busy" }));
  });
});

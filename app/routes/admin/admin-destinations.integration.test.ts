/**
 * /admin/destinations: an admin finds cities (accents ignored), features and unfeatures them,
 * orders the featured ones and gives them a cover and a description; the home page and
 * /destinations follow at once. Each write is one transaction with its audit entry; bad input and
 * anyone but an admin change nothing.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { stubDataDir } from "../../../tests/setup/data-dir";
import { runRoute, TestVisitor } from "../../../tests/setup/visitor";
import { cities, publicContentVersion } from "#db/schema";
import { adminAuditLog } from "#db/schema/audit";
import { createCity, createCreator, createMap, createProfile } from "#db/seed/factories";
import { homeFeed } from "~/modules/catalog/home-feed.server";
import { DESTINATION_MESSAGES } from "~/modules/destinations/destination-validation";
import { PHOTO_MESSAGES } from "~/modules/images/pipeline.server";
import { coverVariants } from "~/modules/images/variants";
import { loader as destinationsLoader } from "../public/destinations-index";
import { loader as destinationLoader } from "../public/destination-page";
import { action, loader } from "./admin-destinations";

const dataDir = stubDataDir("admin-destinations");
const db = await setupTestDatabase();

const png = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();

const post = (visitor: TestVisitor, form: Record<string, string> | FormData) => runRoute(visitor, "/admin/destinations", action, { form });
const reorder = (visitor: TestVisitor, ids: (number | string)[]) => {
  const form = new FormData();
  form.set("intent", "reorder");
  for (const id of ids) form.append("ids", String(id));
  return post(visitor, form);
};
const details = (visitor: TestVisitor, id: number, fields: { description?: string; cover?: Blob; removeCover?: string }) => {
  const form = new FormData();
  form.set("intent", "details");
  form.set("id", String(id));
  form.set("description", fields.description ?? "");
  if (fields.cover) form.set("cover", fields.cover);
  if (fields.removeCover) form.set("removeCover", fields.removeCover);
  return post(visitor, form);
};

const auditRows = () => db.select().from(adminAuditLog).orderBy(asc(adminAuditLog.seq));
const contentVersion = async () => Number((await db.select().from(publicContentVersion))[0].version);
const featuredNames = async () => (await homeFeed(db)).destinations.map((d) => d.name);
const coverFiles = () =>
  existsSync(path.join(dataDir, "covers")) ? readdirSync(path.join(dataDir, "covers"), { recursive: true }).filter((f) => String(f).endsWith(".webp")) : [];

async function signedIn(overrides: Parameters<typeof createProfile>[1] = {}) {
  const visitor = new TestVisitor();
  const { user } = await createProfile(db, overrides);
  await visitor.signIn(db, user.id);
  return { visitor, userId: user.id };
}

/** Lisbon and Porto featured (in that order), Málaga and Malé not, and a published map of Porto. */
async function world() {
  const lisbon = await createCity(db, { name: "Lisbon", country: "PT", population: 500_000, isFeatured: true, featuredPosition: 0 });
  const porto = await createCity(db, { name: "Porto", country: "PT", population: 230_000, isFeatured: true, featuredPosition: 1 });
  const malaga = await createCity(db, { name: "Málaga", country: "ES", population: 570_000 });
  const male = await createCity(db, { name: "Malé", country: "MV", population: 130_000 });
  const { profile } = await createCreator(db);
  await createMap(db, { cityId: porto.id }, { ownerId: profile.id, spots: 1 });
  return { lisbon, porto, malaga, male };
}

describe("/admin/destinations: who may", () => {
  it("sends anonymous visitors to log in and answers 403 to members and creators, on the page and every action, changing nothing", async () => {
    const { lisbon, porto, malaga } = await world();
    const before = await db.select().from(cities).orderBy(asc(cities.id));
    const anonymous = new TestVisitor();
    const member = (await signedIn()).visitor;
    const creator = new TestVisitor();
    await creator.signIn(db, (await createCreator(db)).user.id);
    for (const visitor of [anonymous, member, creator]) {
      const outcomes = [
        await runRoute(visitor, "/admin/destinations?q=mal", loader),
        await post(visitor, { intent: "feature", id: String(malaga.id) }),
        await post(visitor, { intent: "unfeature", id: String(lisbon.id) }),
        await post(visitor, { intent: "move", id: String(porto.id), direction: "up" }),
        await reorder(visitor, [porto.id, lisbon.id]),
        await details(visitor, lisbon.id, { description: "Hijacked", cover: new File([new Uint8Array(await png())], "c.png") }),
      ];
      for (const outcome of outcomes) {
        if (visitor === anonymous) expect(outcome).toMatchObject({ status: 302, location: expect.stringContaining("/auth?step=login") });
        else expect(outcome.status).toBe(403);
      }
    }
    expect(await db.select().from(cities).orderBy(asc(cities.id))).toEqual(before);
    expect(await auditRows()).toEqual([]);
    expect(coverFiles()).toEqual([]);
  });
});

describe("/admin/destinations: an admin", () => {
  let admin: TestVisitor;
  let adminId: string;
  beforeEach(async () => {
    ({ visitor: admin, userId: adminId } = await signedIn({ isAdmin: true }));
  });

  it("finds cities by the start of their name, accents ignored, the larger first", async () => {
    const { malaga, male } = await world();
    const page = await runRoute(admin, "/admin/destinations?q=mal", loader);
    expect(page).toMatchObject({
      status: 200,
      data: {
        featured: [
          { name: "Lisbon", mapCount: 0 },
          { name: "Porto", mapCount: 1 },
        ],
        results: [
          { id: malaga.id, name: "Málaga", isFeatured: false },
          { id: male.id, name: "Malé", isFeatured: false },
        ],
      },
    });
    expect((await runRoute(admin, "/admin/destinations?q=M%C3%81LA", loader)).data).toMatchObject({ results: [{ id: malaga.id }] });
    expect((await runRoute(admin, "/admin/destinations?q=%25", loader)).data).toMatchObject({ results: [] });
  });

  it("features a city: last on the home page and /destinations at once; unfeatures it; both logged", async () => {
    const { malaga } = await world();
    const version = await contentVersion();
    expect(await post(admin, { intent: "feature", id: String(malaga.id), q: "mal" })).toEqual({
      status: 302,
      location: "/admin/destinations?done=featured&q=mal",
    });
    // The home page is cached: the version moved with the write.
    expect(await contentVersion()).toBeGreaterThan(version);
    expect(await featuredNames()).toEqual(["Lisbon", "Porto", "Málaga"]);
    const index = await runRoute(new TestVisitor(), "/destinations", destinationsLoader);
    expect(index.data).toMatchObject({ featured: [{ name: "Lisbon" }, { name: "Porto" }, { name: "Málaga" }], destinations: [{ name: "Porto" }] });
    // Featuring it again changes nothing.
    await post(admin, { intent: "feature", id: String(malaga.id) });

    await post(admin, { intent: "unfeature", id: String(malaga.id) });
    expect(await featuredNames()).toEqual(["Lisbon", "Porto"]);
    expect(await auditRows()).toMatchObject([
      {
        adminId,
        action: "destination.featured",
        targetType: "destination",
        targetId: String(malaga.id),
        before: { isFeatured: false, featuredPosition: null },
        after: { isFeatured: true, featuredPosition: 2 },
      },
      { action: "destination.unfeatured", before: { isFeatured: true, featuredPosition: 2 }, after: { isFeatured: false, featuredPosition: null } },
    ]);
  });

  it("orders the featured ones by a drag or the keyboard (the whole order) and by the Up/Down buttons; the home page follows", async () => {
    const { lisbon, porto, malaga } = await world();
    await post(admin, { intent: "feature", id: String(malaga.id) });
    expect(await reorder(admin, [malaga.id, lisbon.id, porto.id])).toEqual({ status: 200, data: { intent: "reorder" } });
    expect(await featuredNames()).toEqual(["Málaga", "Lisbon", "Porto"]);
    await post(admin, { intent: "move", id: String(porto.id), direction: "up" });
    expect(await featuredNames()).toEqual(["Málaga", "Porto", "Lisbon"]);
    expect((await auditRows()).slice(1)).toMatchObject([
      {
        action: "destination.reordered",
        before: { order: [`Lisbon (${lisbon.id})`, `Porto (${porto.id})`, `Málaga (${malaga.id})`] },
        after: { order: [`Málaga (${malaga.id})`, `Lisbon (${lisbon.id})`, `Porto (${porto.id})`] },
      },
      { action: "destination.reordered" },
    ]);
  });

  it("gives a featured destination a cover (checked by its bytes) and a markdown description, shown on its page", async () => {
    const { lisbon } = await world();
    expect(
      await details(admin, lisbon.id, { description: "Seven hills and **trams**.", cover: new File([new Uint8Array(await png())], "lisbon.png") }),
    ).toEqual({
      status: 302,
      location: `/admin/destinations?done=updated&edit=${lisbon.id}`,
    });
    const [row] = await db.select().from(cities).where(eq(cities.id, lisbon.id));
    expect(row.description).toBe("Seven hills and **trams**.");
    expect(coverVariants(row.coverImageUrl)!.map((v) => v.width)).toEqual([160, 400, 800]);
    const page = await runRoute(new TestVisitor(), `/destinations/${lisbon.id}`, destinationLoader, { params: { id: String(lisbon.id) } });
    expect(page.data).toMatchObject({ cover: row.coverImageUrl });
    expect(JSON.stringify((page.data as { description: unknown }).description)).toContain("trams");
    expect((await homeFeed(db)).destinations[0]).toMatchObject({ name: "Lisbon", coverImageUrl: row.coverImageUrl, description: "Seven hills and **trams**." });

    await details(admin, lisbon.id, { description: "", removeCover: "on" });
    expect((await db.select().from(cities).where(eq(cities.id, lisbon.id)))[0]).toMatchObject({ description: null, coverImageUrl: null });
    expect(coverFiles()).toEqual([]);
    expect(await auditRows()).toMatchObject([
      {
        action: "destination.updated",
        before: { description: null, coverImageUrl: null },
        after: { description: "Seven hills and **trams**.", coverImageUrl: row.coverImageUrl },
      },
      { action: "destination.updated", before: { coverImageUrl: row.coverImageUrl }, after: { description: null, coverImageUrl: null } },
    ]);
  });

  it("refuses bad input with a clear message, changing nothing: a cover that is not an image, a description too long, an unknown city, a stale order", async () => {
    const { lisbon, porto, malaga } = await world();
    const before = await db.select().from(cities).orderBy(asc(cities.id));
    const pdf = new File([new TextEncoder().encode("%PDF-1.7 not a picture")], "cover.jpg", { type: "image/jpeg" });
    expect(await details(admin, lisbon.id, { description: "Kept", cover: pdf })).toMatchObject({
      status: 400,
      data: { fieldErrors: { cover: PHOTO_MESSAGES.notAnImage }, values: { description: "Kept" } },
    });
    expect(await details(admin, lisbon.id, { description: "x".repeat(2001) })).toMatchObject({
      status: 400,
      data: { fieldErrors: { description: DESTINATION_MESSAGES.descriptionTooLong } },
    });
    // Only a featured destination has a cover and a description.
    expect(await details(admin, malaga.id, { description: "Sun", cover: new File([new Uint8Array(await png())], "m.png") })).toMatchObject({
      status: 400,
      data: { formError: DESTINATION_MESSAGES.notFeatured },
    });
    for (const id of ["nope", "0", "99999999999", "2147483648", "-3"]) {
      expect((await post(admin, { intent: "feature", id })).status, id).toBe(404);
    }
    expect((await post(admin, { intent: "feature", id: "2147483647" })).status).toBe(404);
    for (const ids of [[lisbon.id], [lisbon.id, porto.id, malaga.id], [lisbon.id, lisbon.id], ["x", "y"]]) {
      expect((await reorder(admin, ids)).status).toBe(409);
    }
    expect((await post(admin, { intent: "move", id: String(malaga.id), direction: "up" })).status).toBe(400);
    expect((await post(admin, { intent: "move", id: String(lisbon.id), direction: "left" })).status).toBe(400);
    expect((await post(admin, { intent: "launch", id: String(lisbon.id) })).status).toBe(400);

    expect(await db.select().from(cities).orderBy(asc(cities.id))).toEqual(before);
    expect(await auditRows()).toEqual([]);
    expect(coverFiles()).toEqual([]);
  });
});

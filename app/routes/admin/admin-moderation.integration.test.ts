/**
 * Moderation through its routes: an admin takes a map, spot, post or creator down with a ground and
 * the facts; the item leaves the public site; the creator is emailed a statement of reasons, sees it
 * at /studio/notices, cannot publish it again, and appeals; restoring brings it back. Anyone reports
 * content into /admin/reports. Every admin action is one audit entry; a non-admin changes nothing,
 * and the audit log itself cannot be changed.
 */
import { asc, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../../tests/setup/database";
import { runRoute, TestVisitor } from "../../../tests/setup/visitor";
import { contentReports, emailOutbox, maps, moderationActions, moderationAppeals, posts, profiles, spots } from "#db/schema";
import { adminAuditLog } from "#db/schema/audit";
import { createCreator, createMap, createPost, createProfile } from "#db/seed/factories";
import { MODERATION_MESSAGES, REPORT_RATE_LIMIT } from "~/modules/moderation";
import { publishMap } from "~/modules/maps/map-lifecycle.server";
import { changePublication } from "~/modules/posts/post-editing.server";
import { getRateLimiter } from "~/modules/rate-limit/rate-limit.server";
import { mapPageForRoute, spotPageForRoute } from "../public/map-pages.server";
import { action as reportAction, loader as reportLoader } from "../public/report";
import { loader as studioHomeLoader } from "../studio/studio-home";
import { loader as mapEditorLoader } from "../studio/studio-map-editor";
import { action as studioMapsAction, loader as studioMapsLoader } from "../studio/studio-maps";
import { action as noticesAction, loader as noticesLoader } from "../studio/studio-notices";
import { loader as auditLoader } from "./admin-audit";
import { action as moderationAction, loader as moderationLoader } from "./admin-moderation";
import { action as reportsAction, loader as reportsLoader } from "./admin-reports";

const db = await setupTestDatabase();

const auditRows = () => db.select().from(adminAuditLog).orderBy(asc(adminAuditLog.seq));
const outbox = (to: string) => db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(asc(emailOutbox.createdAt));

async function signedInAs(userId: string, email?: string) {
  const visitor = new TestVisitor();
  await visitor.signIn(db, userId, email);
  return visitor;
}

async function world() {
  const admin = await createProfile(db, { isAdmin: true }, { name: "Olga Admin" });
  const creator = await createCreator(db, { handle: "lucia", displayName: "Lucía" });
  const taken = await createMap(db, { title: "Tapas in Seville" }, { ownerId: creator.profile.id });
  const other = await createMap(db, { title: "Beaches of Cádiz" }, { ownerId: creator.profile.id });
  return { admin, creator, taken, other, adminVisitor: await signedInAs(admin.user.id, admin.user.email) };
}

const takedownForm = (type: string, id: string, fields: Record<string, string> = {}) => ({
  intent: "takedown",
  type,
  id,
  ground: "not-genuine",
  facts: "The map copies @pepe's map of Seville spot for spot.",
  ...fields,
});

/** A public page's status: its loader throws a 404 as `data(…, { status: 404 })`. */
async function statusOf(visitor: TestVisitor, path: string, load: (request: Request, context: never) => Promise<unknown>) {
  const outcome = await runRoute(visitor, path, async ({ request, context }: { request: Request; context: never }) => {
    try {
      return await load(request, context);
    } catch (error) {
      const init = (error as { init?: ResponseInit }).init;
      if (init?.status) return { init };
      throw error;
    }
  });
  return { status: outcome.status };
}

const mapPage = (visitor: TestVisitor, slug: string) => statusOf(visitor, `/maps/${slug}`, (request, context) => mapPageForRoute(request, context, slug));

describe("/admin/moderation: who may", () => {
  it("sends anonymous visitors to log in and answers 403 to members and creators, on every loader and action, changing nothing", async () => {
    const { creator, taken } = await world();
    const member = await signedInAs((await createProfile(db)).user.id);
    const creatorVisitor = await signedInAs(creator.user.id);
    const [report] = await db.insert(contentReports).values({ targetType: "map", targetId: taken.map.id, reason: "spam" }).returning();
    const calls = (visitor: TestVisitor) => [
      runRoute(visitor, "/admin/moderation", moderationLoader),
      runRoute(visitor, `/admin/moderation?type=map&id=${taken.map.id}`, moderationLoader),
      runRoute(visitor, "/admin/moderation", moderationAction, { form: takedownForm("map", taken.map.id) }),
      runRoute(visitor, "/admin/reports", reportsLoader),
      runRoute(visitor, "/admin/reports", reportsAction, { form: { intent: "dismiss", reportId: report.id } }),
      runRoute(visitor, "/admin/audit", auditLoader),
    ];
    for (const outcome of await Promise.all(calls(new TestVisitor()))) {
      expect(outcome).toMatchObject({ status: 302, location: expect.stringContaining("/auth?step=login") });
    }
    for (const visitor of [member, creatorVisitor]) {
      for (const outcome of await Promise.all(calls(visitor))) expect(outcome.status).toBe(403);
    }
    expect((await db.select().from(maps).where(eq(maps.id, taken.map.id)))[0].isPublished).toBe(true);
    expect(await db.select().from(moderationActions)).toEqual([]);
    expect((await db.select().from(contentReports))[0].status).toBe("open");
    expect(await auditRows()).toEqual([]);
  });
});

describe("taking a map down and restoring it", () => {
  it("hides the map from everyone else, emails the statement of reasons, keeps the creator's other maps, and restoring brings it back", async () => {
    const { creator, taken, other, adminVisitor, admin } = await world();
    const anonymous = new TestVisitor();
    expect((await mapPage(anonymous, taken.map.currentSlug)).status).toBe(200);

    // The form, reached from the map page's "Moderate".
    const form = await runRoute(adminVisitor, `/admin/moderation?type=map&id=${taken.map.id}`, moderationLoader);
    expect(form.data).toMatchObject({ target: { type: "map", label: "Tapas in Seville", published: true } });

    const done = await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: takedownForm("map", taken.map.id) });
    expect(done).toMatchObject({ status: 302, location: "/admin/moderation?done=taken-down" });

    expect((await mapPage(anonymous, taken.map.currentSlug)).status).toBe(404);
    expect((await mapPage(await signedInAs((await createProfile(db)).user.id), taken.map.currentSlug)).status).toBe(404);
    // The creator still has it (as their own draft), and their other map is public as before.
    expect((await mapPage(await signedInAs(creator.user.id), taken.map.currentSlug)).status).toBe(200);
    expect((await mapPage(anonymous, other.map.currentSlug)).status).toBe(200);

    const [email] = await outbox(creator.user.email);
    expect(email.template).toBe("moderation-takedown");
    expect(email.subject).toBe("Your map “Tapas in Seville” was taken down on Spotfolio");
    expect(email.text).toContain("The map copies @pepe's map of Seville spot for spot.");
    expect(email.text).toContain("our Creator Terms (incompatible with the terms): Not genuine");
    expect(email.text).toContain("not by automated means");
    expect(email.text).toMatch(/appeal free of charge until \d{1,2} \w+ \d{4}/);
    expect(email.text).toContain("/studio/notices");

    // The creator cannot publish it again.
    const republish = await publishMap(db, creator.profile.id, taken.map.id);
    expect(republish).toMatchObject({ ok: false, error: MODERATION_MESSAGES.takenDownPublish });
    await expect(db.update(maps).set({ isPublished: true }).where(eq(maps.id, taken.map.id))).rejects.toThrow();

    const listed = await runRoute(adminVisitor, "/admin/moderation", moderationLoader);
    const [row] = (listed.data as { active: { id: string; label: string; ground: string }[] }).active;
    expect(row).toMatchObject({ label: "Tapas in Seville", ground: "not-genuine" });

    const restored = await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: { intent: "restore", actionId: row.id } });
    expect(restored).toMatchObject({ status: 302, location: "/admin/moderation?done=restored" });
    expect((await mapPage(anonymous, taken.map.currentSlug)).status).toBe(200);
    expect((await outbox(creator.user.email)).map((e) => e.subject)).toEqual([
      "Your map “Tapas in Seville” was taken down on Spotfolio",
      "Your map “Tapas in Seville” is back on Spotfolio",
    ]);

    const audit = await auditRows();
    expect(audit.map((a) => [a.action, a.targetType, a.targetId, a.adminId])).toEqual([
      ["map.taken_down", "map", taken.map.id, admin.user.id],
      ["map.restored", "map", taken.map.id, admin.user.id],
    ]);
    expect(audit[0].before).toEqual({ published: true });
    expect(audit[0].after).toMatchObject({ published: false, ground: "not-genuine", groundKind: "terms" });
    expect(audit[1].after).toMatchObject({ published: true });
  });

  it("refuses a takedown without a ground or facts, of nothing, or twice, changing nothing", async () => {
    const { taken, adminVisitor } = await world();
    const noFacts = await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: takedownForm("map", taken.map.id, { facts: "  " }) });
    expect(noFacts).toMatchObject({ status: 400, data: { fieldErrors: { facts: MODERATION_MESSAGES.factsRequired } } });
    const noGround = await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: takedownForm("map", taken.map.id, { ground: "because" }) });
    expect(noGround).toMatchObject({ status: 400, data: { fieldErrors: { ground: MODERATION_MESSAGES.groundRequired } } });
    const nothing = await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: takedownForm("map", "not-a-uuid") });
    expect(nothing).toMatchObject({ status: 404 });
    const badType = await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: takedownForm("planet", taken.map.id) });
    expect(badType.status).toBe(400);
    const badRestore = await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: { intent: "restore", actionId: "nope" } });
    expect(badRestore.status).toBe(404);
    expect((await db.select().from(maps).where(eq(maps.id, taken.map.id)))[0].isPublished).toBe(true);
    expect(await auditRows()).toEqual([]);

    await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: takedownForm("map", taken.map.id) });
    const twice = await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: takedownForm("map", taken.map.id) });
    expect(twice).toMatchObject({ status: 409, data: { formError: MODERATION_MESSAGES.alreadyTakenDown } });
    expect(await auditRows()).toHaveLength(1);
  });

  it("takes down a spot, a post and a creator, each gone for others and back as it was on restore", async () => {
    const { creator, taken, adminVisitor } = await world();
    const spot = taken.spots[3];
    const post = await createPost(db, creator.profile.id, { title: "My week" });
    const anonymous = new TestVisitor();
    const spotPage = () => statusOf(anonymous, "/spot", (request, context) => spotPageForRoute(request, context, taken.map.currentSlug, spot.slug));
    expect((await spotPage()).status).toBe(200);

    await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: takedownForm("spot", spot.id, { ground: "inaccurate" }) });
    expect((await spotPage()).status).toBe(404);
    await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: takedownForm("post", post.id, { ground: "illegal-content" }) });
    expect((await db.select().from(posts).where(eq(posts.id, post.id)))[0].publishedAt).toBeNull();
    const republish = await changePublication(db, creator.profile.id, post.id, { kind: "publish" });
    expect(republish).toMatchObject({ ok: false, error: MODERATION_MESSAGES.takenDownPublish });
    await runRoute(adminVisitor, "/admin/moderation", moderationAction, {
      form: takedownForm("creator", creator.profile.id, { ground: "prohibited-conduct" }),
    });
    expect((await db.select().from(profiles).where(eq(profiles.id, creator.profile.id)))[0].isPublished).toBe(false);
    // The whole creator is gone for others: their map too.
    expect((await mapPage(anonymous, taken.map.currentSlug)).status).toBe(404);

    const emails = await outbox(creator.user.email);
    expect(emails.map((e) => e.subject)).toEqual([
      "Your spot “Spot 4 of Tapas in Seville (on Tapas in Seville)” was taken down on Spotfolio",
      "Your post “My week” was taken down on Spotfolio",
      "Your creator profile “Lucía (@lucia)” was taken down on Spotfolio",
    ]);
    expect(emails[1].text).toContain("the law (illegal content): Illegal content");

    const { active } = (await runRoute(adminVisitor, "/admin/moderation", moderationLoader)).data as { active: { id: string }[] };
    for (const row of active) await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: { intent: "restore", actionId: row.id } });
    expect((await spotPage()).status).toBe(200);
    expect((await db.select().from(posts).where(eq(posts.id, post.id)))[0].publishedAt).toEqual(post.publishedAt);
    expect((await db.select().from(spots).where(eq(spots.id, spot.id)))[0].isPublished).toBe(true);
    expect((await auditRows()).map((a) => a.action).sort()).toEqual(
      ["creator.restored", "creator.taken_down", "post.restored", "post.taken_down", "spot.restored", "spot.taken_down"].sort(),
    );
  });
});

describe("the creator's notices and appeals", () => {
  it("marks what is taken down in the Studio: the maps list, the map's editor (map and spots) and the dashboard", async () => {
    const { creator, taken, other, adminVisitor } = await world();
    await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: takedownForm("map", taken.map.id) });
    await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: takedownForm("spot", other.spots[0].id, { ground: "unsafe" }) });
    const creatorVisitor = await signedInAs(creator.user.id);
    const list = await runRoute(creatorVisitor, "/studio/maps", studioMapsLoader);
    expect((list.data as { takenDown: unknown }).takenDown).toEqual([{ id: taken.map.id, label: "Tapas in Seville" }]);
    const editor = await runRoute(creatorVisitor, `/studio/maps/${other.map.id}`, mapEditorLoader, { params: { mapId: other.map.id } });
    expect((editor.data as { takenDown: unknown }).takenDown).toEqual([{ id: other.spots[0].id, label: `Spot “${other.spots[0].name}”` }]);
    let home = await runRoute(creatorVisitor, "/studio", studioHomeLoader);
    expect((home.data as { profileTakenDown: unknown }).profileTakenDown).toEqual([]);
    await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: takedownForm("creator", creator.profile.id) });
    home = await runRoute(creatorVisitor, "/studio", studioHomeLoader);
    expect((home.data as { profileTakenDown: unknown }).profileTakenDown).toEqual([{ id: creator.profile.id, label: "Your creator page /@lucia" }]);
  });

  it("shows the statement of reasons at /studio/notices, takes one appeal, and the admin's answer is emailed", async () => {
    const { creator, taken, adminVisitor } = await world();
    await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: takedownForm("map", taken.map.id) });
    const creatorVisitor = await signedInAs(creator.user.id);
    const notices = await runRoute(creatorVisitor, "/studio/notices", noticesLoader);
    const [notice] = (notices.data as { notices: { id: string; label: string; facts: string; automated: boolean; restoredAt: null }[] }).notices;
    expect(notice).toMatchObject({
      label: "Tapas in Seville",
      facts: "The map copies @pepe's map of Seville spot for spot.",
      automated: false,
      restoredAt: null,
    });

    // Someone else's notice is not theirs to appeal.
    const stranger = await signedInAs((await createCreator(db)).user.id);
    expect((await runRoute(stranger, "/studio/notices", noticesAction, { form: { actionId: notice.id, text: "Mine?" } })).status).toBe(404);
    const empty = await runRoute(creatorVisitor, "/studio/notices", noticesAction, { form: { actionId: notice.id, text: " " } });
    expect(empty).toMatchObject({ status: 400, data: { error: MODERATION_MESSAGES.appealRequired } });

    const sent = await runRoute(creatorVisitor, "/studio/notices", noticesAction, {
      form: { actionId: notice.id, text: "I made every spot myself; here are my photos." },
    });
    expect(sent).toMatchObject({ status: 302, location: "/studio/notices?appealed=1" });
    const again = await runRoute(creatorVisitor, "/studio/notices", noticesAction, { form: { actionId: notice.id, text: "Again" } });
    expect(again).toMatchObject({ status: 409, data: { error: MODERATION_MESSAGES.appealExists } });

    const listed = (await runRoute(adminVisitor, "/admin/moderation", moderationLoader)).data as { active: { appeal: { id: string; text: string } | null }[] };
    const appealId = listed.active[0].appeal!.id;
    expect(listed.active[0].appeal!.text).toBe("I made every spot myself; here are my photos.");
    const upheld = await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: { intent: "uphold", appealId, note: "The copy is plain." } });
    expect(upheld).toMatchObject({ status: 302, location: "/admin/moderation?done=upheld" });
    expect((await db.select().from(moderationAppeals))[0]).toMatchObject({ decision: "upheld", decisionNote: "The copy is plain." });
    expect((await mapPage(new TestVisitor(), taken.map.currentSlug)).status).toBe(404);
    const emails = await outbox(creator.user.email);
    expect(emails.at(-1)!.subject).toBe("Your appeal about your map “Tapas in Seville”");
    expect(emails.at(-1)!.text).toContain("The copy is plain.");
    const twice = await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: { intent: "restore-appeal", appealId } });
    expect(twice.status).toBe(409);
    expect((await auditRows()).map((a) => a.action)).toEqual(["map.taken_down", "map.appeal_upheld"]);
  });

  it("restores on appeal", async () => {
    const { creator, taken, adminVisitor } = await world();
    await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: takedownForm("map", taken.map.id) });
    const [action] = await db.select().from(moderationActions);
    await runRoute(await signedInAs(creator.user.id), "/studio/notices", noticesAction, { form: { actionId: action.id, text: "Please look again." } });
    const [appeal] = await db.select().from(moderationAppeals);
    await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: { intent: "restore-appeal", appealId: appeal.id } });
    expect((await mapPage(new TestVisitor(), taken.map.currentSlug)).status).toBe(200);
    expect((await outbox(creator.user.email)).at(-1)!.subject).toBe("Your map “Tapas in Seville” is back on Spotfolio");
    expect((await auditRows()).map((a) => a.action)).toEqual(["map.taken_down", "map.appeal_restored"]);
  });
});

describe("reports", () => {
  it("lets anyone report a public spot, queues it for admins, and an admin takes it down from the queue", async () => {
    await getRateLimiter().reset("report:127.0.0.1");
    const { taken, adminVisitor } = await world();
    const spot = taken.spots[0];
    const anonymous = new TestVisitor();
    const page = await runRoute(anonymous, `/report?type=spot&id=${spot.id}`, reportLoader);
    expect(page.data).toMatchObject({ target: { type: "spot", label: "Spot 1 of Tapas in Seville (on Tapas in Seville)" } });
    expect((await runRoute(anonymous, `/report?type=spot&id=nope`, reportLoader)).status).toBe(404);

    const bad = await runRoute(anonymous, "/report", reportAction, { form: { type: "spot", id: spot.id, reason: "", details: "", email: "not an email" } });
    expect(bad).toMatchObject({ status: 400, data: { fieldErrors: { reason: MODERATION_MESSAGES.reasonRequired, email: MODERATION_MESSAGES.emailInvalid } } });
    const sent = await runRoute(anonymous, "/report", reportAction, {
      form: { type: "spot", id: spot.id, reason: "dangerous", details: "The cliff path is closed.", email: "walker@example.com" },
    });
    expect(sent).toMatchObject({ status: 302, location: "/report/thanks" });

    const queue = await runRoute(adminVisitor, "/admin/reports", reportsLoader);
    expect(queue.data).toMatchObject({
      openCount: 1,
      reports: [{ targetType: "spot", reason: "dangerous", details: "The cliff path is closed.", reporterEmail: "walker@example.com", status: "open" }],
    });
    const reportId = (queue.data as { reports: { id: string }[] }).reports[0].id;
    const form = await runRoute(adminVisitor, `/admin/moderation?type=spot&id=${spot.id}&report=${reportId}`, moderationLoader);
    expect(form.data).toMatchObject({ reportId, target: { id: spot.id } });
    // A second person reports the same spot before the admin acts: the takedown answers both reports.
    await runRoute(new TestVisitor(), "/report", reportAction, {
      form: { type: "spot", id: spot.id, reason: "dangerous", details: "", email: "hiker@example.com" },
    });
    await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: takedownForm("spot", spot.id, { ground: "inaccurate", report: reportId }) });
    expect((await db.select().from(contentReports)).map((r) => r.status)).toEqual(["resolved", "resolved"]);
    expect((await auditRows()).map((a) => a.action)).toEqual(["spot.taken_down", "content_report.resolved", "content_report.resolved"]);
    expect(await outbox("hiker@example.com")).toEqual([expect.objectContaining({ template: "report-outcome" })]);
    // The reporter hears the outcome: what they reported, that it was taken down and on which ground; not the facts sent to the creator.
    const [answer] = await outbox("walker@example.com");
    expect(answer).toMatchObject({ template: "report-outcome", status: "pending" });
    expect(answer.subject).toContain("we acted on it");
    expect(answer.text).toContain("Spot 1 of Tapas in Seville (on Tapas in Seville)");
    expect(answer.text).toContain("reason: Dangerous or closed place");
    expect(answer.text).toContain("we took it down; it is no longer public (ground: Creator Terms: Inaccurate, closed or dangerous place not corrected)");
    expect(answer.text).not.toContain("copies @pepe's map");
    expect(await outbox("walker@example.com")).toHaveLength(1);
    // A hidden item cannot be reported.
    expect((await runRoute(anonymous, `/report?type=spot&id=${spot.id}`, reportLoader)).status).toBe(404);
  });

  it("dismisses a report with an audit entry, and limits reports per address", async () => {
    await getRateLimiter().reset("report:127.0.0.1");
    const { taken, adminVisitor } = await world();
    const anonymous = new TestVisitor();
    const form = { type: "map", id: taken.map.id, reason: "spam", details: "", email: "" };
    for (let i = 0; i < REPORT_RATE_LIMIT.limit; i++) expect((await runRoute(anonymous, "/report", reportAction, { form })).status).toBe(302);
    const limited = await runRoute(anonymous, "/report", reportAction, { form });
    expect(limited).toMatchObject({ status: 429, data: { formError: MODERATION_MESSAGES.tooManyReports } });
    expect(await db.select().from(contentReports)).toHaveLength(REPORT_RATE_LIMIT.limit);
    await getRateLimiter().reset("report:127.0.0.1");

    const [first] = await db.select().from(contentReports).limit(1);
    const dismissed = await runRoute(adminVisitor, "/admin/reports", reportsAction, { form: { intent: "dismiss", reportId: first.id } });
    expect(dismissed).toMatchObject({ status: 302, location: "/admin/reports?done=dismissed" });
    const closed = await runRoute(adminVisitor, "/admin/reports?status=closed", reportsLoader);
    expect(closed.data).toMatchObject({ openCount: REPORT_RATE_LIMIT.limit - 1, reports: [{ id: first.id, status: "dismissed" }] });
    expect((await runRoute(adminVisitor, "/admin/reports", reportsAction, { form: { intent: "dismiss", reportId: first.id } })).status).toBe(404);
    expect((await auditRows()).map((a) => [a.action, a.targetId])).toEqual([["content_report.dismissed", first.id]]);
  });
});

describe("duplicating taken-down content", () => {
  const mapsOf = (ownerId: string) => db.select({ id: maps.id, title: maps.title }).from(maps).where(eq(maps.ownerId, ownerId)).orderBy(asc(maps.createdAt));

  it("refuses to copy a map under a takedown with a clear message and copies nothing; once restored it copies", async () => {
    const { creator, taken, adminVisitor } = await world();
    const creatorVisitor = await signedInAs(creator.user.id);
    await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: takedownForm("map", taken.map.id) });
    const before = await mapsOf(creator.profile.id);

    const refused = await runRoute(creatorVisitor, "/studio/maps", studioMapsAction, { form: { intent: "duplicate", mapId: taken.map.id } });
    expect(refused).toMatchObject({ status: 409, data: { ok: false, error: MODERATION_MESSAGES.takenDownDuplicate } });
    expect(await mapsOf(creator.profile.id)).toEqual(before);

    const [action] = await db.select().from(moderationActions);
    await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: { intent: "restore", actionId: action.id } });
    const copied = await runRoute(creatorVisitor, "/studio/maps", studioMapsAction, { form: { intent: "duplicate", mapId: taken.map.id } });
    expect(copied).toMatchObject({ status: 200, data: { ok: true } });
    expect((await mapsOf(creator.profile.id)).map((m) => m.title)).toContain("Copy of Tapas in Seville");
  });

  it("leaves a spot taken down on its own out of the copy, so it cannot be published again through it", async () => {
    const { creator, taken, adminVisitor } = await world();
    const creatorVisitor = await signedInAs(creator.user.id);
    const spot = taken.spots[0];
    await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: takedownForm("spot", spot.id) });
    const copied = await runRoute(creatorVisitor, "/studio/maps", studioMapsAction, { form: { intent: "duplicate", mapId: taken.map.id } });
    expect(copied).toMatchObject({ status: 200, data: { ok: true } });
    const copy = (await mapsOf(creator.profile.id)).find((m) => m.title === "Copy of Tapas in Seville")!;
    const names = (await db.select({ name: spots.name }).from(spots).where(eq(spots.mapId, copy.id))).map((r) => r.name);
    expect(names).toHaveLength(taken.spots.length - 1);
    expect(names).not.toContain(spot.name);
  });
});

describe("reporters hear the outcome", () => {
  async function reportWithEmail(type: string, id: string, email: string, reason = "spam") {
    await getRateLimiter().reset("report:127.0.0.1");
    const sent = await runRoute(new TestVisitor(), "/report", reportAction, { form: { type, id, reason, details: "Looks fake", email } });
    expect(sent.status).toBe(302);
    const [row] = await db
      .select()
      .from(contentReports)
      .where(email ? eq(contentReports.reporterEmail, email) : isNull(contentReports.reporterEmail));
    return row;
  }

  it("emails a reporter who left an address once when their report is dismissed, naming only what they reported", async () => {
    const { creator, taken, adminVisitor } = await world();
    const report = await reportWithEmail("map", taken.map.id, "nora@example.com");
    const anonymousReport = await reportWithEmail("map", taken.map.id, "");

    const dismissed = await runRoute(adminVisitor, "/admin/reports", reportsAction, { form: { intent: "dismiss", reportId: report.id } });
    expect(dismissed).toMatchObject({ status: 302, location: "/admin/reports?done=dismissed&told=1" });
    const page = await runRoute(adminVisitor, "/admin/reports?done=dismissed&told=1", reportsLoader);
    expect(page.data).toMatchObject({ notice: "The report is dismissed: the reporter was emailed the outcome" });

    const [answer, ...more] = await outbox("nora@example.com");
    expect(more).toEqual([]);
    expect(answer.template).toBe("report-outcome");
    expect(answer.subject).toContain("no action taken");
    expect(answer.text).toContain("the map Tapas in Seville");
    expect(answer.text).toContain("reason: Spam or misleading");
    expect(answer.text).toContain("it breaks neither the law nor our Creator Terms, so it stays up");
    // The map is still public: the email links to it. Nothing about the creator beyond the public map.
    expect(answer.text).toContain(`/maps/${taken.map.currentSlug}`);
    expect(answer.text).not.toContain(creator.user.email);
    expect(answer.text).not.toContain("Looks fake");

    // Dismissing it again changes nothing and sends nothing more; the anonymous report's dismissal emails no one.
    expect((await runRoute(adminVisitor, "/admin/reports", reportsAction, { form: { intent: "dismiss", reportId: report.id } })).status).toBe(404);
    const quiet = await runRoute(adminVisitor, "/admin/reports", reportsAction, { form: { intent: "dismiss", reportId: anonymousReport.id } });
    expect(quiet).toMatchObject({ status: 302, location: "/admin/reports?done=dismissed" });
    expect(await outbox("nora@example.com")).toHaveLength(1);
    expect((await db.select().from(emailOutbox).where(eq(emailOutbox.template, "report-outcome"))).map((e) => e.to)).toEqual(["nora@example.com"]);
    expect((await auditRows()).map((a) => a.action)).toEqual(["content_report.dismissed", "content_report.dismissed"]);
  });

  it("answers the open reports of an item taken down from the moderation page: the reporter is told it was taken down", async () => {
    const { taken, adminVisitor } = await world();
    const report = await reportWithEmail("map", taken.map.id, "omar@example.com", "copyright");
    await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: takedownForm("map", taken.map.id, { ground: "intellectual-property" }) });
    expect((await db.select().from(contentReports).where(eq(contentReports.id, report.id)))[0].status).toBe("resolved");
    // Already answered: resolving it again finds no open report.
    expect((await runRoute(adminVisitor, "/admin/reports", reportsAction, { form: { intent: "resolve", reportId: report.id } })).status).toBe(404);
    expect(await outbox("omar@example.com")).toHaveLength(1);
    const [answer] = await outbox("omar@example.com");
    expect(answer.text).toContain("reason: Copyright or other rights infringed");
    expect(answer.text).toContain("we took it down; it is no longer public (ground: Law: Infringes copyright or other intellectual property)");
    // The taken-down map has no public page to link to: the email points to the Creator Terms.
    expect(answer.text).not.toContain(`/maps/${taken.map.currentSlug}`);
    expect(answer.text).toContain("/info/creator-terms");
  });

  it("resolving a report on an item left up says it was acted on; a member cannot resolve one and no email goes out", async () => {
    const { taken, adminVisitor } = await world();
    const report = await reportWithEmail("map", taken.map.id, "pia@example.com", "other");
    const member = await signedInAs((await createProfile(db)).user.id);
    expect((await runRoute(member, "/admin/reports", reportsAction, { form: { intent: "resolve", reportId: report.id } })).status).toBe(403);
    expect(await outbox("pia@example.com")).toEqual([]);
    expect((await runRoute(adminVisitor, "/admin/reports", reportsAction, { form: { intent: "settle", reportId: report.id } })).status).toBe(400);
    expect(await outbox("pia@example.com")).toEqual([]);
    expect((await db.select().from(contentReports).where(eq(contentReports.id, report.id)))[0].status).toBe("open");

    await runRoute(adminVisitor, "/admin/reports", reportsAction, { form: { intent: "resolve", reportId: report.id } });
    const [answer] = await outbox("pia@example.com");
    expect(answer.text).toContain("we reviewed it and acted on it");
    expect(answer.text).not.toContain("took it down");
  });
});

describe("/admin/audit", () => {
  it("lists entries newest first with filters, and the table refuses any change", async () => {
    const { taken, other, adminVisitor, admin } = await world();
    await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: takedownForm("map", taken.map.id) });
    await runRoute(adminVisitor, "/admin/moderation", moderationAction, { form: takedownForm("map", other.map.id) });
    const all = await runRoute(adminVisitor, "/admin/audit", auditLoader);
    expect(all.data).toMatchObject({
      total: 2,
      entries: [
        { action: "map.taken_down", target: { type: "map", id: other.map.id }, actor: { id: admin.user.id, name: "Olga Admin" } },
        { action: "map.taken_down", target: { type: "map", id: taken.map.id } },
      ],
      facets: { actions: ["map.taken_down"], targetTypes: ["map"] },
    });
    const none = await runRoute(adminVisitor, "/admin/audit?target=creator", auditLoader);
    expect(none.data).toMatchObject({ total: 0, entries: [] });
    const byActor = await runRoute(adminVisitor, `/admin/audit?actor=${admin.user.id}&from=2000-01-01&to=2999-12-31&page=9`, auditLoader);
    expect(byActor.data).toMatchObject({ total: 2, page: 1 });
    const future = await runRoute(adminVisitor, "/admin/audit?from=2999-01-01&to=nonsense", auditLoader);
    expect(future.data).toMatchObject({ total: 0 });

    await expect(db.execute(sql`update admin_audit_log set action = 'map.nothing'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from admin_audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`truncate admin_audit_log`)).rejects.toThrow();
    expect(await auditRows()).toHaveLength(2);
  });
});

/**
 * The Studio dashboard: what a creator has built, who came to see it in the
 * last 30 days, and what that earned (the sign-ups and memberships the
 * last-click attribution credits to them). Everything is selected by owner
 * id. Days are UTC calendar days ending with `now`'s day; `now` is a
 * parameter so the figures never depend on when they are computed.
 */
import { and, count, eq, gte, inArray, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { VIEW_EVENT_TYPES } from "~/modules/analytics";
import { ENTITLED_STATUSES } from "~/modules/memberships";
import { DASHBOARD_DAYS } from "./dashboard";
import { creatorSupporters, events, followers, mapBookmarks, maps, profiles, spotBookmarks, spots } from "#db/schema";
import type { ChecklistItem, StudioDashboard } from "./dashboard";
import { MIN_SPOTS_TO_PUBLISH } from "~/modules/spots";

const TOP = 5;

const DAY_MS = 86_400_000;

/** The UTC days of the window, oldest first, and the instant it starts. */
export function dashboardWindow(now: Date, days = DASHBOARD_DAYS): { start: Date; days: string[] } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (days - 1) * DAY_MS);
  return { start, days: Array.from({ length: days }, (_, i) => new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10)) };
}

const utcDay = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

export async function studioDashboard(db: Database, creatorId: string, now: Date): Promise<StudioDashboard> {
  const window = dashboardWindow(now);
  const end = new Date(Date.parse(window.days.at(-1)!) + DAY_MS);
  const inWindow = (column: typeof events.createdAt | typeof mapBookmarks.createdAt | typeof spotBookmarks.createdAt) =>
    and(gte(column, window.start), sql`${column} < ${end}`);

  const ownMapIds = db
    .select({ id: sql`${maps.id}::text` })
    .from(maps)
    .where(eq(maps.ownerId, creatorId));
  const ownSpotIds = db
    .select({ id: sql`${spots.id}::text` })
    .from(spots)
    .innerJoin(maps, eq(maps.id, spots.mapId))
    .where(eq(maps.ownerId, creatorId));
  const viewsOfOwnWork = and(
    inArray(events.type, [...VIEW_EVENT_TYPES]),
    sql`(
      (${events.targetType} = 'map' and ${events.targetId} in ${ownMapIds})
      or (${events.targetType} = 'spot' and ${events.targetId} in ${ownSpotIds})
      or (${events.targetType} = 'creator' and ${events.targetId} = ${creatorId})
    )`,
  );

  const [
    mapRows,
    [spotRow],
    [followerRow],
    [supporterRow],
    viewDays,
    mapSaveDays,
    spotSaveDays,
    mapViews,
    spotViews,
    mapSaves,
    spotSaves,
    attributedRows,
    [profile],
    [shared],
  ] = await Promise.all([
    db
      .select({
        id: maps.id,
        title: maps.title,
        currentSlug: maps.currentSlug,
        isPublished: maps.isPublished,
        publishedSpots: sql<number>`count(${spots.id})::int`,
      })
      .from(maps)
      .leftJoin(spots, and(eq(spots.mapId, maps.id), eq(spots.isPublished, true)))
      .where(eq(maps.ownerId, creatorId))
      .groupBy(maps.id),
    db.select({ n: count() }).from(spots).innerJoin(maps, eq(maps.id, spots.mapId)).where(eq(maps.ownerId, creatorId)),
    db
      .select({ n: count() })
      .from(followers)
      .where(and(eq(followers.creatorId, creatorId), eq(followers.status, "active"))),
    db
      .select({ n: count() })
      .from(creatorSupporters)
      .where(and(eq(creatorSupporters.creatorId, creatorId), inArray(creatorSupporters.status, [...ENTITLED_STATUSES]))),
    db
      .select({ day: utcDay(events.createdAt), n: sql<number>`count(*)::int` })
      .from(events)
      .where(and(viewsOfOwnWork, inWindow(events.createdAt)))
      .groupBy(utcDay(events.createdAt)),
    db
      .select({ day: utcDay(mapBookmarks.createdAt), n: sql<number>`count(*)::int` })
      .from(mapBookmarks)
      .innerJoin(maps, eq(maps.id, mapBookmarks.mapId))
      .where(and(eq(maps.ownerId, creatorId), inWindow(mapBookmarks.createdAt)))
      .groupBy(utcDay(mapBookmarks.createdAt)),
    db
      .select({ day: utcDay(spotBookmarks.createdAt), n: sql<number>`count(*)::int` })
      .from(spotBookmarks)
      .innerJoin(spots, eq(spots.id, spotBookmarks.spotId))
      .innerJoin(maps, eq(maps.id, spots.mapId))
      .where(and(eq(maps.ownerId, creatorId), inWindow(spotBookmarks.createdAt)))
      .groupBy(utcDay(spotBookmarks.createdAt)),
    db
      .select({ id: events.targetId, n: sql<number>`count(*)::int` })
      .from(events)
      .where(and(eq(events.type, "map_viewed"), sql`${events.targetId} in ${ownMapIds}`, inWindow(events.createdAt)))
      .groupBy(events.targetId),
    db
      .select({ id: events.targetId, n: sql<number>`count(*)::int` })
      .from(events)
      .where(and(eq(events.type, "spot_viewed"), sql`${events.targetId} in ${ownSpotIds}`, inWindow(events.createdAt)))
      .groupBy(events.targetId),
    db
      .select({ id: sql<string>`${mapBookmarks.mapId}::text`, n: sql<number>`count(*)::int` })
      .from(mapBookmarks)
      .innerJoin(maps, eq(maps.id, mapBookmarks.mapId))
      .where(and(eq(maps.ownerId, creatorId), inWindow(mapBookmarks.createdAt)))
      .groupBy(mapBookmarks.mapId),
    db
      .select({ id: sql<string>`${spotBookmarks.spotId}::text`, n: sql<number>`count(*)::int` })
      .from(spotBookmarks)
      .innerJoin(spots, eq(spots.id, spotBookmarks.spotId))
      .innerJoin(maps, eq(maps.id, spots.mapId))
      .where(and(eq(maps.ownerId, creatorId), inWindow(spotBookmarks.createdAt)))
      .groupBy(spotBookmarks.spotId),
    db
      .select({ type: events.type, tier: sql<string | null>`${events.properties}->>'tier'`, n: sql<number>`count(*)::int` })
      .from(events)
      .where(and(eq(events.attributionCreatorId, creatorId), inArray(events.type, ["joined", "subscribed_paid"]), inWindow(events.createdAt)))
      .groupBy(events.type, sql`${events.properties}->>'tier'`),
    db
      .select({ displayName: profiles.displayName, bioText: profiles.bioText, profileImageUrl: profiles.profileImageUrl })
      .from(profiles)
      .where(eq(profiles.id, creatorId)),
    // Shared: someone else has opened the creator's page, a map or a spot (at any time).
    db
      .select({ n: count() })
      .from(events)
      .where(and(viewsOfOwnWork, sql`${events.userId} is distinct from ${creatorId}`)),
  ]);

  const byDay = (rows: { day: string; n: number }[]) => new Map(rows.map((r) => [r.day, r.n]));
  const views = byDay(viewDays);
  const mapSavesByDay = byDay(mapSaveDays);
  const spotSavesByDay = byDay(spotSaveDays);
  const days = window.days.map((day) => ({ day, views: views.get(day) ?? 0, saves: (mapSavesByDay.get(day) ?? 0) + (spotSavesByDay.get(day) ?? 0) }));

  const tally = (rows: { id: string | null; n: number }[]) => new Map(rows.map((r) => [r.id ?? "", r.n]));
  const mapViewCount = tally(mapViews);
  const mapSaveCount = tally(mapSaves);
  const topMaps = mapRows
    .map((m) => ({ id: m.id, title: m.title, mapSlug: m.currentSlug, views: mapViewCount.get(m.id) ?? 0, saves: mapSaveCount.get(m.id) ?? 0 }))
    .filter((m) => m.views + m.saves > 0)
    .sort(byActivity)
    .slice(0, TOP);

  const spotViewCount = tally(spotViews);
  const spotSaveCount = tally(spotSaves);
  const spotIds = [...new Set([...spotViewCount.keys(), ...spotSaveCount.keys()])];
  const spotRows =
    spotIds.length === 0
      ? []
      : await db
          .select({ id: spots.id, name: spots.name, slug: spots.slug, mapSlug: maps.currentSlug })
          .from(spots)
          .innerJoin(maps, eq(maps.id, spots.mapId))
          .where(and(eq(maps.ownerId, creatorId), inArray(spots.id, spotIds)));
  const topSpots = spotRows
    .map((s) => ({ id: s.id, title: s.name, mapSlug: s.mapSlug, spotSlug: s.slug, views: spotViewCount.get(s.id) ?? 0, saves: spotSaveCount.get(s.id) ?? 0 }))
    .sort(byActivity)
    .slice(0, TOP);

  const attributed = { signUps: 0, premium: 0, supporter: 0 };
  for (const row of attributedRows) {
    if (row.type === "joined") attributed.signUps += row.n;
    else if (row.tier === "premium") attributed.premium += row.n;
    else if (row.tier === "supporter") attributed.supporter += row.n;
  }

  const published = mapRows.filter((m) => m.isPublished).length;
  const checklist: ChecklistItem[] = [
    { key: "profile", done: Boolean(profile?.displayName?.trim() && profile.bioText?.trim() && profile.profileImageUrl) },
    { key: "first-map", done: mapRows.length > 0 },
    { key: "spots", done: mapRows.some((m) => m.publishedSpots >= MIN_SPOTS_TO_PUBLISH) },
    { key: "publish", done: published > 0 },
    { key: "share", done: (shared?.n ?? 0) > 0 },
  ];

  return {
    maps: { published, drafts: mapRows.length - published },
    spots: spotRow?.n ?? 0,
    followers: followerRow?.n ?? 0,
    supporters: supporterRow?.n ?? 0,
    days,
    totals: { views: days.reduce((sum, d) => sum + d.views, 0), saves: days.reduce((sum, d) => sum + d.saves, 0) },
    topMaps,
    topSpots,
    attributed,
    checklist,
  };
}

function byActivity(a: { views: number; saves: number; title: string }, b: { views: number; saves: number; title: string }): number {
  return b.views - a.views || b.saves - a.saves || a.title.localeCompare(b.title);
}

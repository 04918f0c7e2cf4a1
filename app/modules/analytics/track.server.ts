/**
 * Recording analytics events in our own `events` table (the source of
 * creator stats, whether or not PostHog is on). Nothing here ever throws
 * into a page: a failed insert is logged and the page goes on.
 */
import { sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { events, profiles, user } from "#db/schema";
import type { Database } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { singleton } from "~/lib/singleton.server";
import { isConversion, type EventProperties, type EventType, type TargetType } from "./event-types";
import { forwardToPostHog } from "./posthog.server";
import { getAnalytics } from "./request.server";
import { firstIssue, trackInputSchema, type TrackInput } from "./schema";

export type { TrackInput } from "./schema";

export interface TrackOptions {
  /**
   * Record nothing when the same visitor (user or tracking id) already has
   * this event on this target within the window: reloads and the loader
   * re-runs after an action are not new views.
   */
  dedupeWithinSeconds?: number;
  /** The visitor consented to analytics: only then may a conversion also go to PostHog. */
  consented?: boolean;
}

/**
 * Insert one event. Returns whether a row was written (false: invalid input,
 * a duplicate within the window, or a database error — logged, never thrown).
 * A user or creator id that no longer exists is stored as null rather than
 * failing the insert (the attribution cookie outlives deleted accounts).
 */
export async function trackEvent(db: Database, input: TrackInput, options: TrackOptions = {}): Promise<boolean> {
  const parsed = trackInputSchema.safeParse(input);
  if (!parsed.success) {
    logger.warn({ type: input.type, issue: firstIssue(parsed.error) }, "analytics event refused");
    return false;
  }
  const event = parsed.data;
  const userId = event.userId ?? null;
  const anonymousId = event.anonymousId ?? null;
  const targetType = event.targetType ?? null;
  const targetId = event.targetId ?? null;
  const properties = event.properties ?? {};
  const windowSeconds = options.dedupeWithinSeconds;
  // Plain equality (not IS NOT DISTINCT FROM) so the lookup can use the target index.
  const sameTargetType = targetType === null ? sql`e.target_type is null` : sql`e.target_type = ${targetType}`;
  const sameTargetId = targetId === null ? sql`e.target_id is null` : sql`e.target_id = ${targetId}`;
  const duplicate =
    windowSeconds && (userId || anonymousId)
      ? sql`and not exists (
          select 1 from ${events} e
          where ${sameTargetType} and ${sameTargetId} and e.type = ${event.type}
            and e.created_at > now() - make_interval(secs => ${windowSeconds}::int)
            and (e.user_id = ${userId}::text or e.anonymous_id = ${anonymousId}::text)
        )`
      : sql``;
  try {
    const { rows } = await db.execute<{ attribution_creator_id: string | null; user_id: string | null; created_at: Date | string }>(sql`
      insert into ${events} (type, user_id, anonymous_id, target_type, target_id, attribution_creator_id, properties)
      select ${event.type},
             (select ${user.id} from ${user} where ${user.id} = ${userId}::text),
             ${anonymousId}::text, ${targetType}::text, ${targetId}::text,
             (select ${profiles.id} from ${profiles} where ${profiles.id} = ${event.attributionCreatorId ?? null}::text),
             ${JSON.stringify(properties)}::jsonb
      where true ${duplicate}
      returning attribution_creator_id, user_id, created_at`);
    const row = rows[0];
    if (!row) return false;
    if (isConversion(event.type) && options.consented) {
      void forwardToPostHog({
        type: event.type,
        userId: row.user_id,
        anonymousId,
        attributionCreatorId: row.attribution_creator_id,
        properties,
        createdAt: new Date(row.created_at),
      });
    }
    return true;
  } catch (error) {
    logger.warn({ err: error, type: event.type }, "could not record an analytics event");
    return false;
  }
}

type Ctx = Readonly<RouterContextProvider>;

/**
 * Who is asking, as far as analytics needs to know: the caller passes the
 * request's viewer (resolved once by the root). Analytics never looks it up
 * itself, so auth can record events without an import circle.
 */
export interface TrackedViewer {
  user: { id: string } | null;
}

export interface RequestEvent {
  type: EventType;
  targetType?: TargetType | null;
  targetId?: string | null;
  properties?: EventProperties;
  /** The account the event belongs to when it is not the signed-in viewer's (an account created just now). */
  userId?: string | null;
  /** Overrides is_authenticated (conversions only); default: whether the viewer is signed in. */
  isAuthenticated?: boolean;
}

/**
 * An event of the current request: the user, tracking id and last-click
 * creator come from the request, never from the caller's input.
 * Conversions carry `is_authenticated` (spec: events with is_authenticated
 * and last-click creator attribution).
 */
export async function trackForRequest(db: Database, context: Ctx, viewer: TrackedViewer, event: RequestEvent, options?: TrackOptions): Promise<boolean> {
  const { input, options: trackOptions } = requestEventInput(context, viewer, event, options);
  // Views queued before this event go in before it: the table keeps the order things happened in.
  await flushViewEvents();
  return trackEvent(db, input, trackOptions);
}

/** The event trackForRequest would insert, read from the request now (a view is queued, then written off the request path). */
export function requestEventInput(
  context: Ctx,
  viewer: TrackedViewer,
  event: RequestEvent,
  options?: TrackOptions,
): { input: TrackInput; options: TrackOptions } {
  const analytics = getAnalytics(context);
  const properties: EventProperties = { ...event.properties };
  if (isConversion(event.type)) properties.is_authenticated = event.isAuthenticated ?? Boolean(viewer.user);
  // Without consent an event is only counted: not linked to the visitor's account, except a
  // conversion (an account made, a membership bought), which is a record of the contract.
  const viewerId = analytics.consented || isConversion(event.type) ? (viewer.user?.id ?? null) : null;
  return {
    input: {
      type: event.type,
      userId: event.userId ?? viewerId,
      anonymousId: analytics.trackingId,
      targetType: event.targetType ?? null,
      targetId: event.targetId ?? null,
      attributionCreatorId: analytics.attributionCreatorId,
      properties,
    },
    options: { ...options, consented: analytics.consented },
  };
}

export type SignUpMethod = "email" | "google" | "facebook";

/** `joined`: an account was created (call once, where the sign-up succeeded). */
export function trackJoined(db: Database, context: Ctx, viewer: TrackedViewer, input: { userId: string; method: SignUpMethod }): Promise<boolean> {
  return trackForRequest(db, context, viewer, { type: "joined", userId: input.userId, properties: { method: input.method } });
}

export type PaidTier = "premium" | "supporter";

/**
 * `subscribed_paid`: a checkout succeeded. Call it in the request in which
 * the buyer's payment is confirmed, so the last-click creator (cookie) is
 * credited. `userId`: the buyer's account when it is not the signed-in
 * viewer (an anonymous buyer's account created at checkout).
 */
export function trackSubscribedPaid(
  db: Database,
  context: Ctx,
  viewer: TrackedViewer,
  input: { tier: PaidTier; isAuthenticated: boolean; interval?: "month" | "year"; userId?: string },
): Promise<boolean> {
  const properties: EventProperties = { tier: input.tier };
  if (input.interval) properties.interval = input.interval;
  return trackForRequest(db, context, viewer, {
    type: "subscribed_paid",
    userId: input.userId,
    isAuthenticated: input.isAuthenticated,
    properties,
  });
}

/**
 * `map_saved` / `spot_saved`: a save added a bookmark. Recorded with the account whatever the
 * analytics consent (the bookmark itself records who saved what, and when): it keeps the first
 * making of a bookmark after the bookmark is removed, which the Premium pool's points need.
 */
export function trackSaved(db: Database, input: { target: "map" | "spot"; userId: string; targetId: string }): Promise<boolean> {
  return trackEvent(db, {
    type: input.target === "map" ? "map_saved" : "spot_saved",
    userId: input.userId,
    targetType: input.target,
    targetId: input.targetId,
  });
}

// ---- the view queue ----

/**
 * Views are written off the request path (ADR 0020): a page view queues its event and answers;
 * the queue is written within VIEW_FLUSH_MS, or at once when it holds VIEW_FLUSH_AT events, in
 * the order the views happened, each with trackEvent's own rules (the repeat window, missing
 * accounts stored as null). Graceful shutdown writes what is queued before the database
 * closes (server/index.ts); a crash loses at most the last second of views.
 */
export const VIEW_FLUSH_MS = 1_000;
export const VIEW_FLUSH_AT = 200;

interface Queued {
  db: Database;
  input: TrackInput;
  options: TrackOptions;
}

const state = singleton("viewEventQueue", () => ({
  queued: [] as Queued[],
  timer: undefined as ReturnType<typeof setTimeout> | undefined,
  /** The write in progress: flushes run one after another, so views land in order. */
  writing: Promise.resolve(),
}));

export function queueViewEvent(db: Database, input: TrackInput, options: TrackOptions): void {
  state.queued.push({ db, input, options });
  if (state.queued.length >= VIEW_FLUSH_AT) {
    void flushViewEvents();
  } else if (!state.timer) {
    state.timer = setTimeout(() => void flushViewEvents(), VIEW_FLUSH_MS);
    // A queued view never keeps a script or a test process alive on its own.
    state.timer.unref?.();
  }
}

/** Write every queued view now; resolves when they (and any write already running) are in. */
export function flushViewEvents(): Promise<void> {
  if (state.timer) clearTimeout(state.timer);
  state.timer = undefined;
  const batch = state.queued.splice(0);
  const run = state.writing.then(async () => {
    for (const item of batch) {
      // trackEvent never throws: a failed insert is logged there and the rest still go in.
      await trackEvent(item.db, item.input, item.options);
    }
  });
  state.writing = run.catch((err: unknown) => logger.warn({ err }, "could not write queued views"));
  return state.writing;
}

/** Views waiting to be written (for the shutdown log). */
export function queuedViewCount(): number {
  return state.queued.length;
}

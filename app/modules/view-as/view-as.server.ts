/**
 * "View as" on the server. The admin's choice lives in a signed cookie (React Router's
 * `createCookie` with the auth secret) naming the admin it was made for; the root middleware
 * believes it only for that same admin, signed in now. While it is on, public pages are rendered for
 * a stand-in viewer built here — never a real member's session: the admin's own account with no
 * admin or creator rights and only the memberships of the chosen kind — every write is refused, no
 * view is counted, the page cache neither serves nor keeps these pages, and each page viewed is in
 * the audit log. The back office and the Studio keep the admin's real self (to stop it, and because
 * they are not public pages).
 */
import { and, eq, sql } from "drizzle-orm";
import { createCookie, createContext, type RouterContextProvider } from "react-router";
import type { Database } from "~/lib/db.server";
import { authSecret } from "~/lib/secret.server";
import { singleton } from "~/lib/singleton.server";
import { record, type AuditActor } from "~/modules/audit/index.server";
import type { Viewer } from "~/modules/auth";
import { publishedCreatorSql } from "~/modules/creators/index.server";
import { profiles } from "#db/schema";
import { isViewAsMode, VIEW_AS_MESSAGES, type ViewAsMode, type ViewAsState } from "./view-as";

/** The stand-in's membership rows exist nowhere: a nil id any query by it finds nothing for. */
const STAND_IN_ID = "00000000-0000-0000-0000-000000000000";

/** An admin's check lasts a working session at most. */
export const VIEW_AS_MAX_AGE_SECONDS = 8 * 60 * 60;

interface Payload {
  adminId: string;
  mode: ViewAsMode;
  creatorId: string | null;
}

let cookie: ReturnType<typeof createCookie> | undefined;
function viewAsCookie() {
  // Made on first use: the secret may be read from DATA_DIR.
  cookie ??= createCookie("sf_view_as", { path: "/", httpOnly: true, sameSite: "lax", maxAge: VIEW_AS_MAX_AGE_SECONDS, secrets: [authSecret()] });
  return cookie;
}

/** The request's view-as state (null when off): set by the root middleware. */
export const viewAsContext = singleton("viewAsContext", () => createContext<ViewAsState | null>(null));

export function getViewAs(context: Readonly<RouterContextProvider>): ViewAsState | null {
  try {
    return context.get(viewAsContext);
  } catch {
    return null;
  }
}

interface StandInCreator {
  id: string;
  handle: string | null;
  displayName: string | null;
  profileImageUrl: string | null;
  mapsCount: number;
}

async function creatorOf(db: Database, id: string): Promise<StandInCreator | null> {
  const [row] = await db
    .select({
      id: profiles.id,
      handle: profiles.handle,
      displayName: profiles.displayName,
      profileImageUrl: profiles.profileImageUrl,
      // Written out: drizzle leaves a one-table select's columns unqualified, and "id" would be the map's.
      mapsCount: sql<number>`(select count(*)::int from maps m where m.owner_id = profiles.id and m.is_published)`,
    })
    .from(profiles)
    .where(and(eq(profiles.id, id), publishedCreatorSql));
  return row ?? null;
}

/**
 * The view-as state for this request and the stand-in viewer, or null: no cookie, a cookie not
 * signed by us, made for another account, or a viewer who is no longer an admin.
 */
export async function readViewAs(db: Database, request: Request, viewer: Viewer): Promise<{ state: ViewAsState; viewer: Viewer } | null> {
  const header = request.headers.get("cookie");
  if (!header?.includes("sf_view_as=") || !viewer.user || !viewer.profile?.isAdmin) return null;
  const payload = (await viewAsCookie().parse(header)) as Payload | null;
  if (!payload || payload.adminId !== viewer.user.id || !isViewAsMode(payload.mode)) return null;
  const creator = payload.mode === "supporter" && payload.creatorId ? await creatorOf(db, payload.creatorId) : null;
  if (payload.mode === "supporter" && !creator) return null;
  const state: ViewAsState = { mode: payload.mode, creator: creator && { id: creator.id, handle: creator.handle, displayName: creator.displayName } };
  return { state, viewer: standIn(viewer, payload.mode, creator) };
}

/** The viewer public pages see: the admin's account stripped of its rights, with the chosen kind's memberships only. */
function standIn(admin: Viewer, mode: ViewAsMode, creator: StandInCreator | null): Viewer {
  if (mode === "anonymous" || !admin.user || !admin.profile)
    return {
      isLoggedIn: false,
      user: null,
      profile: null,
      subscriptions: [],
      supports: [],
      follows: [],
      bookmarks: { maps: [], spots: [] },
      hasActiveSubscription: false,
      isActiveSupporter: false,
    };
  const since = new Date().toISOString();
  const supporting = mode === "supporter" && creator;
  return {
    isLoggedIn: true,
    user: admin.user,
    profile: { ...admin.profile, isAdmin: false, isCreator: false, isPublished: false },
    subscriptions:
      mode === "premium" || supporting
        ? [{ id: STAND_IN_ID, status: "active", tier: mode === "premium" ? "premium" : "supporter", interval: "month", createdAt: since }]
        : [],
    supports: supporting
      ? [
          {
            id: STAND_IN_ID,
            creatorId: creator.id,
            status: "active",
            createdAt: since,
            creator: { handle: creator.handle, displayName: creator.displayName, profileImageUrl: creator.profileImageUrl, mapsCount: creator.mapsCount },
          },
        ]
      : [],
    follows: [],
    bookmarks: { maps: [], spots: [] },
    // Supporting anyone includes Premium (spec section 4), as for a real supporter.
    hasActiveSubscription: mode === "premium" || Boolean(supporting),
    isActiveSupporter: Boolean(supporting),
  };
}

export type StartViewAsResult = { ok: true; setCookie: string } | { ok: false; field: "mode" | "creator"; error: string };

/** Turn it on for `admin` (audited): the Set-Cookie to send. A supporter view needs a published creator's handle. */
export async function startViewAs(
  db: Database,
  actor: AuditActor & { userId: string },
  input: { mode: unknown; creator?: unknown },
): Promise<StartViewAsResult> {
  if (!isViewAsMode(input.mode)) return { ok: false, field: "mode", error: VIEW_AS_MESSAGES.mode };
  let creatorId: string | null = null;
  if (input.mode === "supporter") {
    const handle = typeof input.creator === "string" ? input.creator.trim().replace(/^@/, "") : "";
    const [row] = handle
      ? await db
          .select({ id: profiles.id })
          .from(profiles)
          .where(and(sql`lower(${profiles.handle}) = lower(${handle})`, publishedCreatorSql))
      : [];
    if (!row) return { ok: false, field: "creator", error: VIEW_AS_MESSAGES.creator };
    creatorId = row.id;
  }
  const mode = input.mode;
  await db.transaction((tx) => record(tx, actor, "view_as.started", { type: "view_as", id: creatorId ?? mode }, null, { mode, creatorId }));
  return { ok: true, setCookie: await viewAsCookie().serialize({ adminId: actor.userId, mode, creatorId } satisfies Payload) };
}

/** Turn it off (audited when it was on): the Set-Cookie that clears it. */
export async function stopViewAs(db: Database, actor: AuditActor, state: ViewAsState | null): Promise<string> {
  if (state)
    await db.transaction((tx) => record(tx, actor, "view_as.stopped", { type: "view_as", id: state.creator?.id ?? state.mode }, { mode: state.mode }, null));
  return viewAsCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** One audit entry per page an admin opens as someone else: what they looked at, and as whom. */
export async function logViewAsPage(db: Database, actor: AuditActor, state: ViewAsState, path: string): Promise<void> {
  await db.transaction((tx) =>
    record(tx, actor, "view_as.page_viewed", { type: "page", id: path.slice(0, 500) }, null, { mode: state.mode, creatorId: state.creator?.id ?? null }),
  );
}

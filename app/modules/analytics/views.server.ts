/**
 * Views of maps, spots, posts and creator pages, recorded by their loaders (on the
 * first page load and on client-side navigations alike). Opening a
 * creator's page, map or spot also credits that creator (last click wins).
 * Not counted: bots, prefetches, and creators looking at their own work.
 */
import type { RouterContextProvider } from "react-router";
import type { Database } from "~/lib/db.server";
import { creditCreator, getAnalytics, noteView, type RecordedView } from "./request.server";
import { queueViewEvent, requestEventInput, type TrackedViewer } from "./track.server";

/** A reload, or the loader running again after an action on the page, within this window is the same view. */
export const VIEW_REPEAT_WINDOW_SECONDS = 30 * 60;

const TARGET = { map_viewed: "map", spot_viewed: "spot", creator_viewed: "creator", post_viewed: "post" } as const;

export type View = RecordedView;

/** Record one view (queued: written within a second, off the request path) and credit its creator. Never throws. */
export async function recordView(db: Database, context: Readonly<RouterContextProvider>, viewer: TrackedViewer, view: View): Promise<void> {
  // Noted before deciding whether it counts: a cached copy of this page is served to visitors who do count.
  noteView(context, view);
  if (!getAnalytics(context).isVisit) return;
  if (viewer.user?.id === view.creatorId) return;
  creditCreator(context, view.creatorId);
  const { input, options } = requestEventInput(
    context,
    viewer,
    { type: view.type, targetType: TARGET[view.type], targetId: view.targetId, properties: view.properties },
    { dedupeWithinSeconds: VIEW_REPEAT_WINDOW_SECONDS },
  );
  queueViewEvent(db, input, options);
}

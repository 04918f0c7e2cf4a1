/**
 * The map editor: the map and the ordered spot list side by side (stacked on
 * narrow screens), with adding, moving, reordering, deleting (undo from the
 * toast) and the map's settings. Every change is posted to the route's action
 * with a fetcher and shown at once; the page's data, loaded again after each
 * change, is the truth the local copy returns to. Errors come back as toasts.
 * The creator's private labels (imported Takeout tags) filter the spot list;
 * they exist only here, in the Studio.
 * The page's data has the list's fields of each spot only (EditorSpot, ADR
 * 0043); a selected spot's every field is fetched from its details route, and
 * again when the list's copy has a newer version. The details panel (and its
 * photo manager) is fetched with the first selection.
 */
import { ExternalLink, FileUp, Inbox, Keyboard } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { href, Link, useFetcher, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toaster";
import { useHydrated } from "~/lib/use-hydrated";
import { missedPhotosMessage } from "~/modules/imports/import-form";
import type { ReviewQueue, ReviewRow } from "~/modules/imports/review-actions";
import type { EditableMap } from "~/modules/maps/editable-map";
import { parseEditorSpots, toEditorSpot, type EditableSpot, type EditorSpot, type EditorSpotList } from "~/modules/spots/editable-spot";
import { INTENT, type EditorActionData, type MapSettingsValue } from "~/modules/maps/editor-intents";
import { publishLabel, spotsMissingToPublish } from "~/modules/spots/publishing-rules";
import type { CategoryChoice } from "~/modules/categories";
import { AddSpot, type Placement } from "./add-spot";
import { EditorMap } from "./editor-map";
import type { EditorPin } from "./editor-map.client";
import { MapSettings } from "./map-settings";
import { SpotList } from "./spot-list";
import { ReviewQueuePanel, type ReviewAnswer } from "./review-queue";
import { postForm } from "./upload";

// Only a selected spot's details need these (never on the server: nothing is selected there).
const SpotPanel = lazy(() => import("./spot-panel").then((m) => ({ default: m.SpotPanel })));
const PhotoManager = lazy(() => import("./photo-manager").then((m) => ({ default: m.PhotoManager })));

export interface MapEditorProps {
  map: EditableMap;
  /** In the public order, as the JSON text the database wrote (parsed here, not on the server). */
  spots: EditorSpotList;
  categories: CategoryChoice[];
  hasGeocoder: boolean;
  publicPath: string;
  /** The map's import review queue and its counts. */
  review: ReviewQueue;
  /** The panel to open first (`?panel=review`). */
  panel: "spots" | "review";
  /** The outcome of a review form posted before JavaScript ran. */
  reviewNotice: { ok: boolean; text: string } | null;
}

type Tab = "spots" | "review" | "spot" | "settings";

/** What the review route answers the editor when a row is placed. */
type PlacedAnswer = { ok: true; message: string; spot?: EditableSpot; duplicates?: { name: string; distance: number }[]; missedPhotos?: number };
const REORDER_DELAY_MS = 400;

let undoToastId: string | number | undefined;

/** A new destructive action starts: the previous one can no longer be undone. */
function dismissUndo() {
  if (undoToastId === undefined) return;
  const id = undoToastId;
  undoToastId = undefined;
  void import("sonner").then(({ toast: sonner }) => sonner.dismiss(id));
}

/** A toast with an Undo button (sonner, loaded with the first toast). Only the last destructive action can be undone: its toast replaces the previous one. */
function undoToast(title: string, undo: () => void) {
  void import("sonner").then(({ toast: sonner }) => {
    if (undoToastId !== undefined) sonner.dismiss(undoToastId);
    undoToastId = sonner.success(title, {
      action: {
        label: "Undo",
        onClick: () => {
          undoToastId = undefined;
          undo();
        },
      },
      duration: 8000,
    });
  });
}

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/** Publishing is the maps page's action (the 30-spot rule is checked there again); the first publish lands on "map is ready". */
function PublishButton({ mapId, publishedCount }: { mapId: string; publishedCount: number }) {
  const fetcher = useFetcher<{ ok: boolean; error?: string }>({ key: `editor-publish-${mapId}` });
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && result && !result.ok && result.error) toast("error", "The map was not published", result.error);
  }, [fetcher.state, result]);
  return (
    <fetcher.Form method="post" action={href("/studio/maps")}>
      <input type="hidden" name="intent" value="publish" />
      <input type="hidden" name="mapId" value={mapId} />
      <Button type="submit" size="md" disabled={spotsMissingToPublish(publishedCount) > 0 || fetcher.state !== "idle"} data-testid="publish-label">
        {publishLabel(publishedCount)}
      </Button>
    </fetcher.Form>
  );
}

export function MapEditor({ map, spots: spotList, categories, hasGeocoder, publicPath, review, panel, reviewNotice }: MapEditorProps) {
  const serverSpots = useMemo(() => parseEditorSpots(spotList), [spotList]);
  const [spots, setSpots] = useState(serverSpots);
  // The server's list wins whenever it is loaded again (after every change).
  const [loaded, setLoaded] = useState(serverSpots);
  if (loaded !== serverSpots) {
    setLoaded(serverSpots);
    setSpots(serverSpots);
  }
  const [title, setTitle] = useState(map.title);
  const [path, setPath] = useState(publicPath);
  const [tab, setTab] = useState<Tab>(panel);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const [focus, setFocus] = useState<{ lat: number; lng: number; key: number; zoom?: number } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  // The label the spot list is filtered by (the creator's private labels), or null for every spot.
  const [label, setLabel] = useState<string | null>(null);
  const hydrated = useHydrated();
  // The review row waiting for a map click, and where the map was then clicked.
  const [placingRow, setPlacingRow] = useState<ReviewRow | null>(null);
  const [clicked, setClicked] = useState<{ row: ReviewRow; lat: number; lng: number } | null>(null);

  const createFetcher = useFetcher<EditorActionData>({ key: `editor-create-${map.id}` });
  const moveFetcher = useFetcher<EditorActionData>({ key: `editor-move-${map.id}` });
  const reorderFetcher = useFetcher<EditorActionData>({ key: `editor-reorder-${map.id}` });
  const deleteFetcher = useFetcher<EditorActionData>({ key: `editor-delete-${map.id}` });
  const restoreFetcher = useFetcher<EditorActionData>({ key: `editor-restore-${map.id}` });

  // --- The selected spot's every field (the list has a few) ---
  // Copies the editor was handed (a save, a photo change, a placed review row), by spot; the newest wins.
  const [details, setDetails] = useState<Record<string, EditableSpot>>({});
  const remember = useCallback(
    (spot: EditableSpot) => setDetails((known) => (known[spot.id] && known[spot.id].version > spot.version ? known : { ...known, [spot.id]: spot })),
    [],
  );

  // Changes reach the server one after another, in the order they were made: a reorder sent
  // after a delete it did not know about would be refused, a move before its spot exists would fail.
  const allFetchers = { create: createFetcher, move: moveFetcher, reorder: reorderFetcher, delete: deleteFetcher, restore: restoreFetcher };
  const fetchers = useRef(allFetchers);
  useEffect(() => {
    fetchers.current = allFetchers;
  });
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const enqueue = useCallback((send: () => Promise<unknown>) => {
    queue.current = queue.current.then(send).catch(() => undefined);
  }, []);
  const pendingOrder = useRef<string[] | null>(null);
  const reorderTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const flushReorder = useCallback(() => {
    clearTimeout(reorderTimer.current);
    const ids = pendingOrder.current;
    if (!ids) return;
    pendingOrder.current = null;
    const form = new FormData();
    form.set("intent", INTENT.reorder);
    for (const id of ids) form.append("spotId", id);
    enqueue(() => fetchers.current.reorder.submit(form, { method: "post" }));
  }, [enqueue]);
  /** Send a change: any reorder still waiting goes first. */
  const send = useCallback(
    (kind: Exclude<keyof typeof allFetchers, "reorder">, payload: Record<string, string>) => {
      flushReorder();
      enqueue(() => fetchers.current[kind].submit(payload, { method: "post" }));
    },
    [enqueue, flushReorder],
  );

  const pins = useMemo<EditorPin[]>(
    () => spots.map((s, i) => ({ id: s.id, name: s.name, lat: s.lat, lng: s.lng, number: i + 1, isPublished: s.isPublished })),
    [spots],
  );
  const publishedCount = spots.filter((s) => s.isPublished).length;

  // --- Adding ---
  const place = useCallback((next: Placement | null) => {
    setPlacement(next);
    if (next) setFocus({ lat: next.lat, lng: next.lng, key: Date.now() });
  }, []);
  const addAt = useCallback(
    (at: { lat: number; lng: number }) => {
      if (placingRow) {
        setTab("review");
        setClicked({ row: placingRow, ...at });
        return;
      }
      setAdding(false);
      setTab("spots");
      setPlacement({ ...at, name: "" });
    },
    [placingRow],
  );
  const placeOnMap = useCallback((row: ReviewRow | null) => {
    setPlacingRow(row);
    setClicked(null);
    if (row) setAdding(false);
  }, []);
  // Escape leaves "place on map", as it leaves any pointer mode.
  useEffect(() => {
    if (!placingRow) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") placeOnMap(null);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [placingRow, placeOnMap]);
  const add = (p: Placement) => {
    setPlacement(null);
    send("create", { intent: INTENT.createSpot, name: p.name, lat: String(p.lat), lng: String(p.lng), googlePlaceId: p.googlePlaceId ?? "" });
  };
  // The centre of the map's view (the place search ranks near it); before the map has drawn, the spots' middle.
  const view = useRef<{ lat: number; lng: number } | null>(null);
  const near = useCallback(() => {
    if (view.current) return view.current;
    if (spots.length === 0) return null;
    return { lat: spots.reduce((sum, s) => sum + s.lat, 0) / spots.length, lng: spots.reduce((sum, s) => sum + s.lng, 0) / spots.length };
  }, [spots]);
  const onView = useCallback((centre: { lat: number; lng: number }) => {
    view.current = centre;
  }, []);
  /** One of this map's spots found by name: selected (and shown), not added again. */
  const selectSpot = useCallback((id: string) => {
    setPlacement(null);
    setAdding(false);
    setSelectedId(id);
  }, []);
  useEffect(() => {
    const result = createFetcher.data;
    if (createFetcher.state !== "idle" || !result) return;
    if (!result.ok) return toast("error", "The spot was not added", result.error);
    if (result.intent !== INTENT.createSpot) return;
    if (result.duplicates.length > 0) {
      const [first] = result.duplicates;
      toast("warning", "This may be a duplicate", `“${first.name}” is ${first.distance} m away with a similar name. The new spot was added anyway.`);
    } else toast("success", `“${result.spot.name}” added`);
  }, [createFetcher.state, createFetcher.data]);

  // --- Moving a pin (undo moves it back) ---
  const movePin = useCallback(
    (id: string, to: { lat: number; lng: number }) => {
      dismissUndo();
      setSpots((list) => list.map((s) => (s.id === id ? { ...s, lat: to.lat, lng: to.lng } : s)));
      send("move", { intent: INTENT.moveSpot, spotId: id, lat: String(to.lat), lng: String(to.lng) });
    },
    [send],
  );
  const undoMove = useRef<{ id: string; lat: number; lng: number } | null>(null);
  useEffect(() => {
    const result = moveFetcher.data;
    if (moveFetcher.state !== "idle" || !result) return;
    if (!result.ok) return toast("error", "The spot was not moved", result.error);
    if (result.intent !== INTENT.moveSpot) return;
    const back = { id: result.spot.id, ...result.from };
    // Undoing a move is itself a move: it is not offered again.
    if (undoMove.current && undoMove.current.id === back.id && undoMove.current.lat === result.spot.lat && undoMove.current.lng === result.spot.lng) {
      undoMove.current = null;
      return;
    }
    undoToast("Spot moved", () => {
      undoMove.current = back;
      movePin(back.id, back);
    });
  }, [moveFetcher.state, moveFetcher.data, movePin]);

  // --- Reordering (pointer or keyboard); sent once the creator pauses ---
  const reorder = (from: number, to: number, how: "pointer" | "keyboard") => {
    const next = move(spots, from, to);
    setSpots(next);
    if (how === "keyboard") setAnnouncement(`${next[to].name} moved to position ${to + 1} of ${next.length}`);
    pendingOrder.current = next.map((s) => s.id);
    clearTimeout(reorderTimer.current);
    reorderTimer.current = setTimeout(flushReorder, REORDER_DELAY_MS);
  };
  // --- The label filter: the list shows the spots with the label; moves are made in the whole order ---
  const labels = useMemo(() => {
    const counts = new Map<string, number>();
    for (const spot of spots) for (const l of spot.labels) counts.set(l, (counts.get(l) ?? 0) + 1);
    return [...counts].sort(([a], [b]) => a.localeCompare(b));
  }, [spots]);
  const activeLabel = label !== null && labels.some(([l]) => l === label) ? label : null;
  const listed = activeLabel === null ? spots : spots.filter((s) => s.labels.includes(activeLabel));
  const numberOf = (spot: EditorSpot) => spots.findIndex((s) => s.id === spot.id) + 1;
  const reorderListed = (from: number, to: number, how: "pointer" | "keyboard") =>
    reorder(
      spots.findIndex((s) => s.id === listed[from].id),
      spots.findIndex((s) => s.id === listed[to].id),
      how,
    );

  // Leaving the editor with a reorder still waiting: it is sent, not dropped.
  useEffect(() => () => flushReorder(), [flushReorder]);
  useEffect(() => {
    const result = reorderFetcher.data;
    if (reorderFetcher.state === "idle" && result && !result.ok) toast("error", "The new order was not saved", result.error);
  }, [reorderFetcher.state, reorderFetcher.data]);

  // --- Deleting, and undoing it ---
  // The spot removed from the list before the server answered: put back where it was if the server refuses.
  const removed = useRef<{ spot: EditorSpot; index: number } | null>(null);
  const remove = (spot: EditorSpot) => {
    dismissUndo();
    removed.current = { spot, index: spots.findIndex((s) => s.id === spot.id) };
    setSpots((list) => list.filter((s) => s.id !== spot.id));
    if (selectedId === spot.id) setSelectedId(null);
    send("delete", { intent: INTENT.deleteSpot, spotId: spot.id });
  };
  useEffect(() => {
    const result = deleteFetcher.data;
    if (deleteFetcher.state !== "idle" || !result) return;
    if (!result.ok) {
      const back = removed.current;
      removed.current = null;
      if (back) setSpots((list) => (list.some((s) => s.id === back.spot.id) ? list : list.toSpliced(Math.max(0, back.index), 0, back.spot)));
      return toast("error", "The spot was not deleted", result.error);
    }
    removed.current = null;
    if (result.intent !== INTENT.deleteSpot) return;
    const token = result.restoreToken;
    undoToast("Spot deleted", () => send("restore", { intent: INTENT.restoreSpot, token }));
  }, [deleteFetcher.state, deleteFetcher.data, send]);
  useEffect(() => {
    const result = restoreFetcher.data;
    if (restoreFetcher.state !== "idle" || !result) return;
    if (!result.ok) return toast("error", "The spot was not restored", result.error);
    if (result.intent === INTENT.restoreSpot) toast("success", `“${result.spot.name}” is back`);
  }, [restoreFetcher.state, restoreFetcher.data]);

  // A spot just added or brought back is selected (once per answer).
  const arrived = [createFetcher, restoreFetcher].map((f) =>
    f.state === "idle" && f.data?.ok && (f.data.intent === INTENT.createSpot || f.data.intent === INTENT.restoreSpot) ? f.data.spot.id : null,
  );
  const [lastArrived, setLastArrived] = useState<(string | null)[]>([null, null]);
  if (arrived.some((id, i) => id !== lastArrived[i])) {
    setLastArrived(arrived);
    const fresh = arrived.find((id, i) => id && id !== lastArrived[i]);
    if (fresh) setSelectedId(fresh);
  }

  // --- The review queue: sent in order with the other changes, then the page's data is loaded again ---
  const revalidator = useRevalidator();
  const reviewUrl = href("/studio/maps/:mapId/review", { mapId: map.id });
  const submitReview = useCallback(
    (fields: Record<string, string>) =>
      new Promise<ReviewAnswer>((resolve) => {
        flushReorder();
        enqueue(async () => {
          const answer = await postForm<PlacedAnswer>(reviewUrl, fields);
          if (!answer.ok) return resolve(answer);
          const { spot, duplicates, missedPhotos } = answer.body;
          if (spot) {
            remember(spot);
            setPlacingRow(null);
            setClicked(null);
            setSelectedId(spot.id);
            if (duplicates && duplicates.length > 0) {
              const [first] = duplicates;
              toast("warning", "This may be a duplicate", `“${first.name}” is ${first.distance} m away with a similar name. The row was placed anyway.`);
            } else toast("success", `“${spot.name}” placed on the map`);
            if (missedPhotos) toast("warning", "Some photos were left out", missedPhotosMessage(missedPhotos));
          } else toast("success", answer.body.message);
          await revalidator.revalidate();
          resolve({ ok: true });
        });
      }),
    [enqueue, flushReorder, reviewUrl, revalidator, remember],
  );

  const onSettingsSaved = useCallback((value: MapSettingsValue) => {
    setTitle(value.title);
    setPath(`/maps/${value.slug}`);
  }, []);

  // A destination chosen in the settings: the map goes to the city (a city's zoom), to place its spots.
  const goToDestination = useCallback((city: { lat: number; lng: number }) => setFocus({ lat: city.lat, lng: city.lng, key: Date.now(), zoom: 11 }), []);

  const selected = spots.find((s) => s.id === selectedId) ?? null;
  // The newest full copy of the selected spot the editor has: handed to it, loaded, or an action's answer.
  let known = selected ? details[selected.id] : undefined;
  if (selected)
    for (const copy of [spotOf(createFetcher.data), spotOf(moveFetcher.data), spotOf(restoreFetcher.data)])
      if (copy && copy.id === selected.id && (!known || copy.version > known.version)) known = copy;
  // It is shown when as new as the list's (or newer: the list is loaded again after a change).
  const selectedDetails = selected && known && known.version >= selected.version ? known : null;
  // Otherwise it is loaded (again); the copy known meanwhile stays in the panel.
  const shownDetails = selectedDetails ?? (selected && known ? known : null);
  // A plain JSON request, not a fetcher: a spot deleted meanwhile is a 404 the editor ignores, not the page's error boundary.
  const detailsUrl = selected && !selectedDetails ? href("/studio/maps/:mapId/spots/:spotId/details", { mapId: map.id, spotId: selected.id }) : null;
  const wantedVersion = selected?.version;
  useEffect(() => {
    if (!detailsUrl) return;
    const abort = new AbortController();
    fetch(detailsUrl, { signal: abort.signal, headers: { Accept: "application/json" } })
      .then((res) => (res.ok ? (res.json() as Promise<{ spot: EditableSpot }>) : null))
      .then((body) => {
        if (body) remember(body.spot);
      })
      .catch(() => undefined);
    return () => abort.abort();
  }, [detailsUrl, wantedVersion, remember]);
  // The details panel saves on its own: the list and the pins show its latest copy.
  const onSpotSaved = useCallback(
    (saved: EditableSpot) => {
      remember(saved);
      setSpots((list) => list.map((s) => (s.id === saved.id ? toEditorSpot(saved) : s)));
    },
    [remember],
  );
  const inReview = review.totals.inReview;
  const tabs: { id: Tab; label: string }[] = [
    { id: "spots", label: `Spots (${spots.length})` },
    ...(inReview > 0 || tab === "review" ? [{ id: "review" as const, label: `Review queue (${inReview})` }] : []),
    ...(selected ? [{ id: "spot" as const, label: "Spot details" }] : []),
    { id: "settings", label: "Settings" },
  ];
  const shown: Tab = tab === "spot" && !selected ? "spots" : tab;

  return (
    <main className="flex min-h-0 flex-col gap-3 px-4 py-4 lg:h-[calc(100dvh-4rem)]" data-testid="map-editor">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-48 flex-1 truncate text-2xl font-bold">{title}</h1>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${map.isPublished ? "bg-brand-50 text-brand-700" : "bg-neutral-100 text-neutral-700"}`}
        >
          {map.isPublished ? "Published" : "Draft"}
        </span>
        <Link to={path} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline" data-testid="public-link">
          View public page <ExternalLink aria-hidden className="size-4" />
        </Link>
        <Link
          to={`${href("/studio/maps/import/google-saved-lists")}?${new URLSearchParams({ map: map.id })}`}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
          data-testid="import-link"
        >
          <FileUp aria-hidden className="size-4" /> Import
        </Link>
        {map.isPublished ? (
          <p className="rounded-lg bg-neutral-100 px-3 py-2 text-sm font-semibold text-neutral-700" data-testid="publish-label">
            {publishedCount} published spots
          </p>
        ) : (
          <PublishButton mapId={map.id} publishedCount={publishedCount} />
        )}
      </header>
      <div className="grid min-h-0 flex-1 gap-3 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <EditorMap
          className="h-[45dvh] lg:h-full"
          pins={pins}
          center={null}
          selectedId={selectedId}
          onSelect={setSelectedId}
          adding={adding || placingRow !== null}
          onAddAt={addAt}
          onMove={movePin}
          focus={focus}
          onView={onView}
        />
        <aside className="flex min-h-0 flex-col overflow-hidden rounded-2xl border border-neutral-200 bg-white lg:h-full">
          <div role="tablist" aria-label="Editor panels" className="flex border-b border-neutral-200">
            {tabs.map((t) => (
              <button
                key={t.id}
                role="tab"
                type="button"
                aria-selected={shown === t.id}
                onClick={() => setTab(t.id)}
                className={`flex-1 px-3 py-3 text-sm font-semibold ${shown === t.id ? "border-b-2 border-brand-600 text-brand-700" : "text-neutral-600"}`}
              >
                {t.label}
              </button>
            ))}
          </div>
          {/* Both panels stay mounted: the settings' autosave keeps its state (and version) while the spots are shown. */}
          <div role="tabpanel" aria-label="Spots" hidden={shown !== "spots"} className="flex min-h-0 flex-1 flex-col">
            {inReview > 0 ? (
              <Link
                to="?panel=review"
                onClick={(e) => {
                  if (!hydrated) return;
                  e.preventDefault();
                  setTab("review");
                }}
                className="flex items-center gap-2 border-b border-neutral-200 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 hover:underline"
                data-testid="review-link"
              >
                <Inbox aria-hidden className="size-4" /> {inReview} imported {inReview === 1 ? "row waits" : "rows wait"} in the review queue
              </Link>
            ) : null}
            <AddSpot
              adding={adding}
              onToggleAdding={() => {
                setAdding((a) => !a);
                placeOnMap(null);
              }}
              placement={placement}
              onPlace={place}
              onAdd={add}
              hasGeocoder={hasGeocoder}
              mapId={map.id}
              onSelectSpot={selectSpot}
              near={near}
            />
            {spots.length === 0 ? (
              <p className="p-4 text-sm text-neutral-600">No spots yet. Add the first one: click “Add spot”, then the map.</p>
            ) : (
              <>
                <p className="flex items-center gap-1.5 px-3 pt-2 text-xs text-neutral-600" data-testid="reorder-hint">
                  <Keyboard aria-hidden className="size-3.5" /> Drag a row, or focus its handle and press ↑ ↓ to move it. This is the public order.
                </p>
                {labels.length ? (
                  <label className="flex items-center gap-2 px-3 pt-2 text-sm">
                    <span className="font-medium">Your labels</span>
                    <select
                      value={activeLabel ?? ""}
                      onChange={(e) => setLabel(e.currentTarget.value || null)}
                      className="min-w-0 flex-1 rounded-lg border border-neutral-300 px-2 py-1 text-sm"
                      data-testid="label-filter"
                    >
                      <option value="">All spots ({spots.length})</option>
                      {labels.map(([l, n]) => (
                        <option key={l} value={l}>
                          {l} ({n})
                        </option>
                      ))}
                    </select>
                  </label>
                ) : null}
                {labels.length ? <p className="px-3 text-xs text-neutral-600">Labels come from your imported lists’ tags. Only you see them.</p> : null}
                <SpotList
                  spots={listed}
                  selectedId={selectedId}
                  onSelect={setSelectedId}
                  onMove={activeLabel === null ? reorder : reorderListed}
                  onDelete={remove}
                  numberOf={activeLabel === null ? undefined : numberOf}
                  shown={shown === "spots"}
                />
              </>
            )}
            {selected ? (
              <p className="border-t border-neutral-200 p-3 text-sm" data-testid="selected-spot">
                Selected: <span className="font-semibold">{selected.name}</span> · {selected.lat.toFixed(5)}, {selected.lng.toFixed(5)} ·{" "}
                <button type="button" onClick={() => setTab("spot")} className="font-semibold text-brand-700 hover:underline">
                  Edit details
                </button>
              </p>
            ) : null}
          </div>
          {tabs.some((t) => t.id === "review") ? (
            <div role="tabpanel" aria-label="Review queue" hidden={shown !== "review"} className="min-h-0 flex-1 overflow-y-auto">
              <ReviewQueuePanel
                mapId={map.id}
                review={review}
                notice={reviewNotice}
                placingId={placingRow?.id ?? null}
                onPlaceOnMap={placeOnMap}
                clicked={clicked}
                onSubmitReview={submitReview}
              />
            </div>
          ) : null}
          {selected && shown === "spot" ? (
            <div role="tabpanel" aria-label="Spot details" className="min-h-0 flex-1 overflow-y-auto p-3">
              <Link
                to={href("/studio/maps/:mapId/spots/:spotId", { mapId: map.id, spotId: selected.id })}
                className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
              >
                Open on its own page <ExternalLink aria-hidden className="size-4" />
              </Link>
              {shownDetails ? (
                <Suspense fallback={<DetailsLoading />}>
                  <SpotPanel
                    mapId={map.id}
                    spot={shownDetails}
                    categories={categories}
                    onSaved={onSpotSaved}
                    photos={
                      <PhotoManager
                        key={shownDetails.id}
                        mapId={map.id}
                        spotId={shownDetails.id}
                        photos={shownDetails.photos}
                        onChange={(photos) => remember({ ...shownDetails, photos })}
                      />
                    }
                  />
                </Suspense>
              ) : (
                <DetailsLoading />
              )}
            </div>
          ) : null}
          <div role="tabpanel" aria-label="Settings" hidden={shown !== "settings"} className="min-h-0 flex-1 overflow-y-auto">
            <MapSettings map={map} categories={categories} onSaved={onSettingsSaved} onDestination={goToDestination} />
          </div>
        </aside>
      </div>
      <p role="status" aria-live="assertive" className="sr-only" data-testid="reorder-announcement">
        {announcement}
      </p>
    </main>
  );
}

/** The full spot an action answered with (adding, moving, restoring one). */
function spotOf(data: EditorActionData | undefined): EditableSpot | undefined {
  return data?.ok && "spot" in data ? data.spot : undefined;
}

function DetailsLoading() {
  return (
    <p className="p-4 text-sm text-neutral-600" data-testid="spot-details-loading">
      Loading the spot’s details…
    </p>
  );
}

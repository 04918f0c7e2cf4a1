/**
 * The editor's review queue: imported rows that did not become spots, each
 * with its reason, where it came from and its original text, to place on the
 * map (a map click, as when adding a spot), place by typed coordinates, or
 * dismiss. The counts above always add up to the rows read.
 *
 * Every action is a plain form posting to /studio/maps/{map}/review, so it
 * works before JavaScript runs (the route comes back to this panel with the
 * outcome). Once it runs, the editor sends the forms itself (`onSubmitReview`)
 * in order with its other changes and loads the page's data again after.
 */
import { Crosshair, MapPin, Undo2, X } from "lucide-react";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { href } from "react-router";
import { Button } from "~/components/ui/button";
import { NameAtPlaceForm } from "./name-at-place-form";
import { useHydrated } from "~/lib/use-hydrated";
import { REVIEW_INTENT, type ReviewQueue, type ReviewRow } from "~/modules/imports/review-actions";
import { parseCoordinates } from "~/modules/places/coordinates";
import { EDITOR_MESSAGES } from "~/modules/maps/map-settings-validation";
import { SPOT_NAME_MAX } from "~/modules/spots/spot-name";

const REASON_LABEL: Record<ReviewRow["reason"], string> = {
  needs_place: "Needs a place",
  needs_name: "Needs a name",
  invalid: "Invalid",
  duplicate: "Possible duplicate",
  already_imported: "Already imported",
};

/** The answer to a review form sent by the editor: a message to show, or an error. */
export type ReviewAnswer = { ok: true } | { ok: false; error: string };

export interface ReviewQueueProps {
  mapId: string;
  review: ReviewQueue;
  /** The outcome of a form posted before JavaScript ran (from the URL). */
  notice: { ok: boolean; text: string } | null;
  /** The row waiting for a map click, if any. */
  placingId: string | null;
  onPlaceOnMap: (row: ReviewRow | null) => void;
  /** Where the map was clicked for the row being placed: confirm with a name. */
  clicked: { row: ReviewRow; lat: number; lng: number } | null;
  onSubmitReview: (fields: Record<string, string>) => Promise<ReviewAnswer>;
}

const fields = (form: HTMLFormElement) => Object.fromEntries([...new FormData(form)].map(([k, v]) => [k, String(v)]));

export function ReviewQueuePanel({ mapId, review, notice, placingId, onPlaceOnMap, clicked, onSubmitReview }: ReviewQueueProps) {
  const action = href("/studio/maps/:mapId/review", { mapId });
  const { totals, rows, dismissedRows, batches } = review;
  return (
    <div className="space-y-3 p-3" id="review-queue" data-testid="review-queue">
      {notice ? (
        <p
          role={notice.ok ? "status" : "alert"}
          className={`rounded-lg px-3 py-2 text-sm ${notice.ok ? "bg-brand-50 text-brand-800" : "bg-red-50 text-red-800"}`}
        >
          {notice.text}
        </p>
      ) : null}
      <dl className="grid grid-cols-4 gap-2 text-center text-sm" aria-label="Imported rows" data-testid="review-counts">
        {(
          [
            ["Rows read", totals.rowsRead],
            ["Imported", totals.imported],
            ["In review", totals.inReview],
            ["Dismissed", totals.dismissed],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-lg bg-neutral-50 px-1 py-2">
            <dt className="text-xs text-neutral-600">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums" data-testid={`review-count-${label.toLowerCase().replace(" ", "-")}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {batches.length > 1 ? (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">Imports ({batches.length})</summary>
          <ul className="mt-1 space-y-1">
            {batches.map((b) => (
              <li key={b.id} className="text-neutral-700">
                <span className="font-mono">{b.createdAt.slice(0, 10)}</span> · {b.files.join(", ") || "files"}: {b.rowsRead} read, {b.imported} imported,{" "}
                {b.inReview} in review, {b.dismissed} dismissed{b.updated > 0 ? ` (${b.updated} notes updated)` : ""}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {clicked ? (
        <PlaceHere
          key={`${clicked.row.id}-${clicked.lat}-${clicked.lng}`}
          clicked={clicked}
          onCancel={() => onPlaceOnMap(null)}
          onSubmitReview={onSubmitReview}
        />
      ) : null}
      {rows.length === 0 ? (
        <p className="text-sm text-neutral-600" data-testid="review-empty">
          Nothing waits for review: every imported row is on the map or dismissed.
        </p>
      ) : (
        <>
          {totals.inReview > rows.length ? (
            <p className="text-sm text-neutral-600">
              Showing the first {rows.length} of {totals.inReview} rows in review; the next ones appear as you place or dismiss these.
            </p>
          ) : null}
          <ol className="space-y-2" aria-label="Rows to review">
            {rows.map((row) => (
              <ReviewItem key={row.id} row={row} action={action} placing={placingId === row.id} onPlaceOnMap={onPlaceOnMap} onSubmitReview={onSubmitReview} />
            ))}
          </ol>
        </>
      )}
      {dismissedRows.length > 0 ? (
        <details className="text-sm" data-testid="review-dismissed">
          <summary className="cursor-pointer font-medium">Dismissed ({totals.dismissed})</summary>
          <ul className="mt-2 space-y-1">
            {dismissedRows.map((row) => (
              <li key={row.id} className="flex items-center gap-2">
                <span className="min-w-0 flex-1 truncate">
                  {row.name ?? "No name"} <span className="text-neutral-600">· {REASON_LABEL[row.reason]}</span>
                </span>
                <ReviewForm action={action} intent={REVIEW_INTENT.reopen} rowId={row.id} onSubmitReview={onSubmitReview}>
                  <Button type="submit" size="sm" variant="secondary">
                    <Undo2 aria-hidden className="size-4" /> Put back
                  </Button>
                </ReviewForm>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/** A plain form to the review route; once JavaScript runs, the editor sends it instead. */
function ReviewForm({
  action,
  intent,
  rowId,
  onSubmitReview,
  check,
  children,
  className,
  label,
}: {
  action: string;
  intent: string;
  rowId: string;
  onSubmitReview: ReviewQueueProps["onSubmitReview"];
  /** A message for the creator before anything is sent, or null to send. */
  check?: (values: Record<string, string>) => string | null;
  children: ReactNode;
  className?: string;
  label?: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = fields(e.currentTarget);
    const problem = check?.(values) ?? null;
    setError(problem);
    if (problem) return;
    setBusy(true);
    void onSubmitReview(values).then((answer) => {
      setBusy(false);
      if (!answer.ok) setError(answer.error);
    });
  };
  return (
    <form
      method="post"
      action={action}
      onSubmit={submit}
      className={className}
      aria-label={label}
      aria-busy={busy || undefined}
      aria-describedby={error ? errorId : undefined}
      noValidate
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="rowId" value={rowId} />
      {children}
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function checkPlacement(values: Record<string, string>, fallbackName: string | null): string | null {
  const name = (values.name ?? "").trim();
  if (!name && !fallbackName) return EDITOR_MESSAGES.nameRequired;
  if (name.length > SPOT_NAME_MAX) return EDITOR_MESSAGES.nameTooLong;
  if (values.coordinates !== undefined) {
    const parsed = parseCoordinates(values.coordinates);
    if (!parsed.ok) return parsed.error;
  }
  return null;
}

function ReviewItem({
  row,
  action,
  placing,
  onPlaceOnMap,
  onSubmitReview,
}: {
  row: ReviewRow;
  action: string;
  placing: boolean;
  onPlaceOnMap: ReviewQueueProps["onPlaceOnMap"];
  onSubmitReview: ReviewQueueProps["onSubmitReview"];
}) {
  const hydrated = useHydrated();
  const ids = useId();
  const known = row.lat !== null && row.lng !== null ? `${row.lat}, ${row.lng}` : "";
  return (
    <li
      className={`space-y-2 rounded-xl border p-3 ${placing ? "border-brand-400 bg-brand-50" : "border-neutral-200"}`}
      data-testid="review-row"
      data-row-id={row.id}
    >
      <div>
        <p className="font-semibold break-words" data-testid="review-row-name">
          {row.name ?? <span className="text-neutral-600 italic">No name</span>}
        </p>
        <p className="text-sm">
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{REASON_LABEL[row.reason]}</span>{" "}
          <span className="text-neutral-700">{row.reasonText}</span>
        </p>
        <p className="mt-1 font-mono text-xs break-all text-neutral-600" data-testid="review-row-source">
          {row.sourceFile} · {row.sourceRef}
        </p>
        {row.note ? <p className="mt-1 line-clamp-3 text-sm text-neutral-700">{row.note}</p> : null}
        {known ? <p className="mt-1 text-xs text-neutral-600">Coordinates in the file: {known}</p> : null}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-neutral-700">Original text</summary>
        <pre className="mt-1 max-h-48 overflow-auto rounded-lg bg-neutral-50 p-2 text-xs whitespace-pre-wrap break-words" data-testid="review-row-original">
          {row.original}
        </pre>
      </details>
      <div className="flex flex-wrap items-start gap-2">
        {hydrated ? (
          <Button size="sm" variant={placing ? "primary" : "secondary"} aria-pressed={placing} onClick={() => onPlaceOnMap(placing ? null : row)}>
            <Crosshair aria-hidden className="size-4" /> {placing ? "Click on the map to place it" : "Place on map"}
          </Button>
        ) : null}
        <ReviewForm action={action} intent={REVIEW_INTENT.dismiss} rowId={row.id} onSubmitReview={onSubmitReview}>
          <Button type="submit" size="sm" variant="secondary">
            <X aria-hidden className="size-4" /> Dismiss
          </Button>
        </ReviewForm>
      </div>
      <details className="text-sm" open={Boolean(known) || undefined}>
        <summary className="cursor-pointer font-medium text-brand-700">Place by coordinates</summary>
        <ReviewForm
          action={action}
          intent={REVIEW_INTENT.place}
          rowId={row.id}
          onSubmitReview={onSubmitReview}
          check={(values) => checkPlacement(values, row.name)}
          className="mt-2 space-y-2"
          label={`Place ${row.name ?? "this row"} by coordinates`}
        >
          <label className="block">
            <span className="block text-sm font-medium">Name</span>
            <input
              id={`${ids}-name`}
              name="name"
              defaultValue={row.name ?? ""}
              maxLength={SPOT_NAME_MAX + 50}
              className="w-full rounded-lg border border-neutral-300 px-3 py-2 text-sm"
            />
          </label>
          <label className="block">
            <span className="block text-sm font-medium">Coordinates</span>
            <input
              name="coordinates"
              defaultValue={known}
              placeholder="41.3851, 2.1734 or 41°23′6″N 2°10′24″E"
              className="w-full rounded-lg border border-neutral-300 px-3 py-2 text-sm"
            />
          </label>
          <Button type="submit" size="sm">
            <MapPin aria-hidden className="size-4" /> Place
          </Button>
        </ReviewForm>
      </details>
    </li>
  );
}

/** After a map click: the row's name (editable), then Place here. */
function PlaceHere({
  clicked,
  onCancel,
  onSubmitReview,
}: {
  clicked: NonNullable<ReviewQueueProps["clicked"]>;
  onCancel: () => void;
  onSubmitReview: ReviewQueueProps["onSubmitReview"];
}) {
  const { row, lat, lng } = clicked;
  const [name, setName] = useState(row.name ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = checkPlacement({ name }, row.name);
    setError(problem);
    if (problem) return;
    setBusy(true);
    void onSubmitReview({ intent: REVIEW_INTENT.place, rowId: row.id, name, lat: String(lat), lng: String(lng) }).then((answer) => {
      setBusy(false);
      if (!answer.ok) setError(answer.error);
    });
  };
  return (
    <NameAtPlaceForm
      lead="Place at"
      at={{ lat, lng }}
      name={name}
      onName={setName}
      error={error}
      busy={busy}
      submitLabel="Place here"
      onSubmit={submit}
      onCancel={onCancel}
      testId="review-place-here"
    />
  );
}

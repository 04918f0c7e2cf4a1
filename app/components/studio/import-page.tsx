/**
 * The import page's parts: the upload form (a file input that takes several
 * files, inside a drop zone) and the preview (per list: target, counts, the
 * rows with their status). Both are plain forms posting to the page's action,
 * so they work before JavaScript loads; the drop zone and the busy states
 * are what scripts add.
 */
import { FileUp } from "lucide-react";
import { useRef, useState, type DragEvent } from "react";
import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/forms/text-field";
import { Button } from "~/components/ui/button";
import { plural } from "~/lib/plural";
import {
  IMPORT_ACCEPT,
  IMPORT_INTENT,
  ROWS_SHOWN,
  targetField,
  type PreviewListView as PreviewList,
  type PreviewRowView as ClassifiedRow,
  type PreviewView as ImportPreview,
  type RowCountsView as RowCounts,
  type RowStatusView as RowStatus,
} from "~/modules/imports/import-form";

export const STATUS_LABELS: Record<RowStatus, string> = {
  ready: "Ready",
  needs_place: "Needs a place",
  duplicate: "Duplicate",
  already_imported: "Already imported",
  invalid: "Invalid",
};

const STATUS_CLASSES: Record<RowStatus, string> = {
  ready: "bg-green-50 text-green-800",
  needs_place: "bg-amber-50 text-amber-800",
  duplicate: "bg-neutral-100 text-neutral-700",
  already_imported: "bg-blue-50 text-blue-800",
  invalid: "bg-red-50 text-red-800",
};

/** Upload: one or several files, picked or dropped. */
export function UploadForm({ mapId, busy }: { mapId: string | null; busy: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [names, setNames] = useState<string[]>([]);
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    if (!input.current || event.dataTransfer.files.length === 0) return;
    input.current.files = event.dataTransfer.files;
    setNames([...event.dataTransfer.files].map((f) => f.name));
  };
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4" aria-label="Upload files to import">
      <input type="hidden" name="intent" value={IMPORT_INTENT.preview} />
      {mapId ? <input type="hidden" name="map" value={mapId} /> : null}
      <label
        htmlFor="import-files"
        data-testid="import-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed p-8 text-center ${over ? "border-brand-500 bg-brand-50" : "border-neutral-300 bg-white"}`}
      >
        <FileUp aria-hidden className="size-8 text-neutral-500" />
        <span className="font-semibold">Files to import</span>
        <span className="text-sm text-neutral-600">Drop files here or choose them: one or several at once, up to 50 MB each.</span>
        <input
          ref={input}
          id="import-files"
          name="files"
          type="file"
          multiple
          accept={IMPORT_ACCEPT}
          className="mt-2 text-sm"
          onChange={(event) => setNames([...(event.currentTarget.files ?? [])].map((f) => f.name))}
        />
        {names.length > 0 ? <span className="text-sm text-neutral-700">{names.join(", ")}</span> : null}
      </label>
      <Button type="submit" size="md" disabled={busy}>
        {busy ? "Reading the files…" : "Preview import"}
      </Button>
    </Form>
  );
}

/** What the importer reads, in words. */
export function AcceptedFiles() {
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-neutral-700">
      <li>
        A Google Takeout zip, or the files inside it: <code>Saved/&lt;list&gt;.csv</code> and <code>Saved Places.json</code>.
      </li>
      <li>Google My Maps: KML or KMZ (folders become categories, icons and colours are kept).</li>
      <li>GPX (waypoints; routes and tracks are summarised) and GeoJSON points.</li>
      <li>Up to 50 MB per file, 100 MB together, and 10,000 rows per import.</li>
    </ul>
  );
}

function Counts({ counts }: { counts: RowCounts }) {
  const parts = (Object.keys(STATUS_LABELS) as RowStatus[]).filter((s) => counts[s] > 0).map((s) => `${counts[s]} ${STATUS_LABELS[s].toLowerCase()}`);
  return (
    <p className="text-sm text-neutral-700" data-testid="import-counts">
      {plural(counts.total, "row")}
      {parts.length ? `: ${parts.join(", ")}` : ""}
      {counts.noteChanged ? ` (${plural(counts.noteChanged, "note")} changed)` : ""}
    </p>
  );
}

function RowLine({ row }: { row: ClassifiedRow }) {
  return (
    <tr className="border-t border-neutral-100 align-top" data-status={row.status}>
      <td className="py-1.5 pr-3 text-xs whitespace-nowrap text-neutral-500">{row.ref}</td>
      <td className="py-1.5 pr-3">
        {row.name ?? <em className="text-neutral-500">No name</em>}
        {row.geocoded ? <span className="ml-1 text-xs text-neutral-500">(placed by the geocoder)</span> : null}
      </td>
      <td className="py-1.5 pr-3">
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_CLASSES[row.status]}`}>{STATUS_LABELS[row.status]}</span>
        {row.noteChanged ? <span className="ml-1 text-xs font-semibold text-blue-800">Note changed</span> : null}
      </td>
      <td className="py-1.5 text-sm text-neutral-700">{row.reason}</td>
    </tr>
  );
}

function RowsTable({ rows, caption }: { rows: ClassifiedRow[]; caption: string }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-xs text-neutral-500">
          <th scope="col" className="pr-3 font-medium">
            Where
          </th>
          <th scope="col" className="pr-3 font-medium">
            Name
          </th>
          <th scope="col" className="pr-3 font-medium">
            Status
          </th>
          <th scope="col" className="font-medium">
            Reason
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <RowLine key={`${row.file}:${row.ref}`} row={row} />
        ))}
      </tbody>
    </table>
  );
}

function ListPreview({ list, maps }: { list: PreviewList; maps: ImportPreview["maps"] }) {
  const shown = list.rows.slice(0, ROWS_SHOWN);
  const rest = list.rows.slice(ROWS_SHOWN);
  const selectId = `import-target-${list.index}`;
  return (
    <section className="rounded-xl border border-neutral-200 bg-white p-4" aria-labelledby={`import-list-${list.index}`} data-testid="import-list">
      <h3 id={`import-list-${list.index}`} className="text-lg font-semibold">
        {list.name}
      </h3>
      <p className="text-xs text-neutral-500">{list.file}</p>
      {list.description ? <p className="mt-1 text-sm text-neutral-700">{list.description}</p> : null}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <label htmlFor={selectId} className="text-sm font-medium">
          Import “{list.name}” into
        </label>
        <select
          id={selectId}
          name={targetField(list.index)}
          defaultValue={list.target.kind === "map" ? list.target.mapId : "new"}
          className="rounded-lg border border-neutral-300 px-2 py-1 text-sm"
        >
          <option value="new">New map “{list.name}”</option>
          {maps.map((map) => (
            <option key={map.id} value={map.id}>
              {map.title}
              {map.isPublished ? " (published)" : " (draft)"}
            </option>
          ))}
        </select>
      </div>
      <div className="mt-2">
        <Counts counts={list.counts} />
      </div>
      {list.notices.length ? (
        <ul className="mt-2 space-y-1 text-sm text-neutral-700" data-testid="import-list-notices">
          {list.notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      ) : null}
      {list.rows.length ? (
        <details className="mt-3" open={list.rows.length <= 50}>
          <summary className="cursor-pointer text-sm font-medium">Rows of “{list.name}”</summary>
          <div className="mt-2 overflow-x-auto">
            <RowsTable rows={shown} caption={`Rows of “${list.name}”`} />
            {rest.length ? (
              <details className="mt-2">
                <summary className="cursor-pointer text-sm font-medium">Show the other {plural(rest.length, "row")}</summary>
                <RowsTable rows={rest} caption={`More rows of “${list.name}”`} />
              </details>
            ) : null}
          </div>
        </details>
      ) : null}
    </section>
  );
}

/** The preview: the geocoder's notice, file errors, each list with its target and rows, and the confirm. */
export function PreviewForm({ preview, busy }: { preview: ImportPreview; busy: boolean }) {
  const navigation = useNavigation();
  const confirming = busy && navigation.formData?.get("intent") === IMPORT_INTENT.confirm;
  const importable = preview.counts.ready > 0 || preview.counts.total > 0;
  return (
    <Form method="post" className="space-y-4" aria-label="Import preview" data-testid="import-preview">
      <input type="hidden" name="token" value={preview.token} />
      <h2 className="text-xl font-semibold">Preview</h2>
      <Counts counts={preview.counts} />
      {preview.notices.map((notice) => (
        <p key={notice} role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="import-notice">
          {notice}
        </p>
      ))}
      {preview.errors.length ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="import-file-errors">
          <p className="font-semibold">Not read:</p>
          <ul className="list-disc pl-5">
            {preview.errors.map((error) => (
              <li key={`${error.file}:${error.message}`}>
                <strong>{error.file}</strong>: {error.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {preview.lists.map((list) => (
        <ListPreview key={list.index} list={list} maps={preview.maps} />
      ))}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="updateNotes" value="on" />
        Update notes of places already imported
      </label>
      <p className="text-sm text-neutral-600">
        Rows that need a place, duplicates and invalid rows wait in each map’s review queue with their reason. Spots added to a published map stay drafts until
        you publish them.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value={IMPORT_INTENT.confirm} size="md" disabled={busy || !importable}>
          {confirming ? "Importing…" : "Confirm import"}
        </Button>
        <Button type="submit" name="intent" value={IMPORT_INTENT.retarget} variant="secondary" size="md" disabled={busy}>
          Update preview
        </Button>
      </div>
    </Form>
  );
}

export function ImportError({ error, errors }: { error: string; errors?: { file: string; message: string }[] }) {
  return (
    <div data-testid="import-error">
      <FormAlert message={error} />
      {errors?.length ? (
        <ul className="-mt-2 mb-4 list-disc pl-5 text-sm text-red-800">
          {errors.map((e) => (
            <li key={`${e.file}:${e.message}`}>
              <strong>{e.file}</strong>: {e.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

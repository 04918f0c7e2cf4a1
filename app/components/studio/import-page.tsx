/**
 * The import page's parts: how to get an export out of Google, the upload
 * form (a file input that takes several files, inside a drop zone) and the
 * preview (per list: target, counts, the rows with their status; when several
 * lists would each make a map, the offer to put them in one). Both are plain forms posting to the page's action,
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
  needs_name: "Needs a name",
  duplicate: "Duplicate",
  already_imported: "Already imported",
  invalid: "Invalid",
};

const STATUS_CLASSES: Record<RowStatus, string> = {
  ready: "bg-green-50 text-green-800",
  needs_place: "bg-amber-50 text-amber-800",
  needs_name: "bg-amber-50 text-amber-800",
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

/** Step by step, how to get a Google Takeout or a My Maps export to upload here. */
export function ExportHowTo() {
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="import-how-to">
      <section aria-labelledby="how-takeout" className="rounded-xl border border-neutral-200 bg-white p-4">
        <h3 id="how-takeout" className="font-semibold">
          Your saved places in Google Maps (Google Takeout)
        </h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-neutral-700">
          <li>
            Open <strong>takeout.google.com</strong>, signed in to your Google account.
          </li>
          <li>
            Click <strong>Deselect all</strong>, then tick <strong>Saved</strong> (your lists: Favourites, Want to go, your own) and{" "}
            <strong>Maps (your places)</strong> (your starred places).
          </li>
          <li>
            Click <strong>Next step</strong>, keep <strong>Export once</strong> and the <strong>.zip</strong> file type, and click{" "}
            <strong>Create export</strong>.
          </li>
          <li>When Google emails you that the export is ready (minutes to hours), download the zip.</li>
          <li>Upload the zip here as it is: there is no need to unzip it. Each list becomes a map, and its tags your private labels.</li>
        </ol>
      </section>
      <section aria-labelledby="how-mymaps" className="rounded-xl border border-neutral-200 bg-white p-4">
        <h3 id="how-mymaps" className="font-semibold">
          A map you made in Google My Maps
        </h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-neutral-700">
          <li>
            Open the map at <strong>google.com/mymaps</strong>.
          </li>
          <li>
            Open the menu (<strong>⋮</strong>) beside the map’s title and choose <strong>Export to KML/KMZ</strong>.
          </li>
          <li>
            Choose <strong>Entire map</strong>, tick <strong>Export to a .KML file</strong> (a KMZ works too), and click <strong>Download</strong>.
          </li>
          <li>Upload the file here. Its layers become categories, and its photos are copied to your map.</li>
        </ol>
      </section>
    </div>
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

const targetValue = (target: PreviewList["target"]) => (target.kind === "map" ? target.mapId : target.kind === "list" ? `list:${target.index}` : "new");

function ListPreview({ list, maps, lists }: { list: PreviewList; maps: ImportPreview["maps"]; lists: PreviewList[] }) {
  const shown = list.rows.slice(0, ROWS_SHOWN);
  const rest = list.rows.slice(ROWS_SHOWN);
  const selectId = `import-target-${list.index}`;
  // The new maps of the lists above this one, which it may join.
  const joinable = lists.filter((other) => other.index < list.index && other.target.kind === "new");
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
          // A preview that comes back with other targets ("together") shows them: the select is made anew.
          key={targetValue(list.target)}
          id={selectId}
          name={targetField(list.index)}
          defaultValue={targetValue(list.target)}
          className="rounded-lg border border-neutral-300 px-2 py-1 text-sm"
        >
          <option value="new">New map “{list.name}”</option>
          {joinable.map((other) => (
            <option key={other.index} value={`list:${other.index}`}>
              The new map “{other.name}”, with {other.file}
            </option>
          ))}
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
          <FileErrors errors={preview.errors} />
        </div>
      ) : null}
      {preview.separateMaps ? (
        <div
          role="status"
          className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="import-separate-maps"
        >
          <p>{preview.separateMaps}</p>
          <Button type="submit" name="intent" value={IMPORT_INTENT.together} variant="secondary" size="sm" disabled={busy}>
            Put them all in one new map
          </Button>
        </div>
      ) : null}
      {preview.lists.map((list) => (
        <ListPreview key={list.index} list={list} maps={preview.maps} lists={preview.lists} />
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
        <div className="-mt-2 mb-4 text-sm text-red-800">
          <FileErrors errors={errors} />
        </div>
      ) : null}
    </div>
  );
}

/** Refused files: each message names its file (and the line, where it can), so it is shown as it is. */
function FileErrors({ errors }: { errors: { file: string; message: string }[] }) {
  return (
    <ul className="list-disc pl-5">
      {errors.map((e) => (
        <li key={`${e.file}:${e.message}`}>{e.message}</li>
      ))}
    </ul>
  );
}

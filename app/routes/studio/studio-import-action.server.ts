/**
 * The import page's action: `intent` picks the step. "preview" reads the
 * uploaded files (multipart; each up to 50 MB, together up to 100 MB — the
 * route's body limit), parses and geocodes them and keeps the preview;
 * "retarget" changes where lists go ("together": every list that would make
 * a map of its own goes into one); "confirm" writes everything in one
 * transaction and sends the creator to the first map's editor. Refusals are
 * 4xx with the reason and write nothing.
 */
import { data, href, redirect } from "react-router";
import type { Database } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { geocodeCacheFor, type GeocoderSettings } from "~/modules/imports/geocoder.server";
import { commitImport } from "~/modules/imports/import-commit.server";
import {
  confirmFormSchema,
  IMPORT_FORM_MESSAGES,
  IMPORT_INTENT,
  IMPORT_MAX_FILES,
  IMPORT_TOTAL_BYTES,
  IMPORTED_PARAMS,
  previewFormSchema,
  retargetFormSchema,
  targetField,
  type PreviewView,
} from "~/modules/imports/import-form";
import { createPreview, currentPreview, parseTarget, retargetPreview, type ImportPreview, type ImportTarget } from "~/modules/imports/import-preview.server";
import { IMPORT_LIMITS, type ImportFile } from "~/modules/imports/import-row";
import { parseImportFiles } from "~/modules/imports/parse-files";

export type ImportActionData =
  | { ok: true; preview: PreviewView }
  /** `preview`: the kept preview, shown again under the error when a change of target or the confirm was refused. */
  | { ok: false; error: string; errors?: { file: string; message: string }[]; preview?: PreviewView };

/** The page's view of a preview: statuses and reasons, not the rows' contents (a 10,000-row upload stays on the server). */
function view(preview: ImportPreview): PreviewView {
  return {
    token: preview.token,
    errors: preview.errors,
    notices: preview.notices,
    counts: preview.counts,
    maps: preview.maps,
    separateMaps: preview.separateMaps,
    lists: preview.lists.map((list) => ({
      index: list.index,
      file: list.file,
      name: list.name,
      description: list.description,
      notices: list.notices,
      target: list.target,
      counts: list.counts,
      rows: list.rows.map((r) => ({
        file: r.file,
        ref: r.ref,
        name: r.name,
        status: r.status,
        reason: r.reason,
        noteChanged: r.noteChanged,
        geocoded: Boolean(r.geocoded),
      })),
    })),
  };
}

const refuse = (error: string, status: number, extra: Partial<Extract<ImportActionData, { ok: false }>> = {}) =>
  data<ImportActionData>({ ok: false, error, ...extra }, { status });

function geocoderSettings(): GeocoderSettings {
  const settings = env();
  return {
    url: settings.GEOCODER_URL,
    minIntervalMs: settings.GEOCODER_MIN_INTERVAL_MS,
    limit: settings.IMPORT_GEOCODE_LIMIT,
    cache: geocodeCacheFor(settings),
  };
}

/** The target of every list the form names; undefined when one is not "new" or a map id. */
function targetsOf(form: FormData): Map<number, ImportTarget> | undefined {
  const targets = new Map<number, ImportTarget>();
  for (const [name, value] of form) {
    const match = /^target-(\d{1,5})$/.exec(name);
    if (!match) continue;
    const target = typeof value === "string" ? parseTarget(value) : undefined;
    if (!target || targetField(Number(match[1])) !== name) return undefined;
    targets.set(Number(match[1]), target);
  }
  return targets;
}

/** The kept preview to show again under a refusal, when the token is still the creator's. */
async function keptPreview(db: Database, creatorId: string, token: unknown): Promise<{ preview?: PreviewView }> {
  if (typeof token !== "string" || token.length > 100) return {};
  const preview = await currentPreview(db, creatorId, token);
  return preview ? { preview: view(preview) } : {};
}

async function filesOf(form: FormData): Promise<{ ok: true; files: ImportFile[] } | { ok: false; error: string }> {
  const uploads = form.getAll("files").filter((v): v is File => typeof v !== "string" && v.size > 0);
  if (uploads.length === 0) return { ok: false, error: IMPORT_FORM_MESSAGES.noFiles };
  if (uploads.length > IMPORT_MAX_FILES) return { ok: false, error: IMPORT_FORM_MESSAGES.tooManyFiles };
  const tooLarge = uploads.find((f) => f.size > IMPORT_LIMITS.maxUploadBytes);
  if (tooLarge) return { ok: false, error: IMPORT_FORM_MESSAGES.tooLarge(tooLarge.name) };
  if (uploads.reduce((n, f) => n + f.size, 0) > IMPORT_TOTAL_BYTES) return { ok: false, error: IMPORT_FORM_MESSAGES.tooLargeTogether };
  const files: ImportFile[] = [];
  // One at a time: the bytes of a file are read only when its turn comes.
  for (const upload of uploads) files.push({ name: upload.name.split(/[\\/]/).pop() || "upload", bytes: new Uint8Array(await upload.arrayBuffer()) });
  return { ok: true, files };
}

export async function importAction(request: Request, db: Database, creatorId: string) {
  const form = await request.formData();
  const fields = Object.fromEntries([...form].filter(([, v]) => typeof v === "string"));
  switch (fields.intent) {
    case "preview": {
      const parsed = previewFormSchema.safeParse(fields);
      if (!parsed.success) return refuse(IMPORT_FORM_MESSAGES.unknown, 400);
      const upload = await filesOf(form);
      if (!upload.ok) return refuse(upload.error, 400);
      const outcome = parseImportFiles(upload.files);
      const result = await createPreview(db, creatorId, outcome, { targetMapId: parsed.data.map, geocoder: geocoderSettings() });
      if (!result.ok) return refuse(result.error, result.status, { errors: result.errors });
      return data<ImportActionData>({ ok: true, preview: view(result.preview) });
    }
    case "retarget":
    case "together": {
      const parsed = retargetFormSchema.safeParse(fields);
      const targets = targetsOf(form);
      if (!parsed.success || !targets) return refuse(IMPORT_FORM_MESSAGES.badTarget, 400, await keptPreview(db, creatorId, fields.token));
      // "together": every list that would make a map of its own goes into one new map.
      const result = await retargetPreview(db, creatorId, parsed.data.token, targets, { together: parsed.data.intent === IMPORT_INTENT.together });
      if (!result.ok) return refuse(result.error, result.status, await keptPreview(db, creatorId, parsed.data.token));
      return data<ImportActionData>({ ok: true, preview: view(result.preview) });
    }
    case "confirm": {
      const parsed = confirmFormSchema.safeParse(fields);
      const targets = targetsOf(form);
      if (!parsed.success || !targets) return refuse(IMPORT_FORM_MESSAGES.badTarget, 400, await keptPreview(db, creatorId, fields.token));
      const result = await commitImport(db, creatorId, { token: parsed.data.token, targets, updateNotes: parsed.data.updateNotes === "on" });
      if (!result.ok) return refuse(result.error, result.status, await keptPreview(db, creatorId, parsed.data.token));
      const query = new URLSearchParams({ [IMPORTED_PARAMS.imported]: String(result.imported), [IMPORTED_PARAMS.review]: String(result.inReview) });
      if (result.missedPhotos.length) query.set(IMPORTED_PARAMS.missedPhotos, String(result.missedPhotos.length));
      throw redirect(result.firstMapId ? `${href("/studio/maps/:mapId", { mapId: result.firstMapId })}?${query}` : href("/studio/maps"));
    }
    default:
      return refuse(IMPORT_FORM_MESSAGES.unknown, 400);
  }
}

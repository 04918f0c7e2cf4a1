/**
 * A spot's details as its creator edits them: on the spot page and as the
 * editor's side panel. Every change is autosaved (use-autosave.ts) to the
 * spot's autosave endpoint; before JavaScript loads the same fields are a
 * plain form posting to the spot page, with a Save button.
 */
import { Eye, Lock, Pencil } from "lucide-react";
import { useCallback, useId, useRef, useState, type ReactNode } from "react";
import { Form, href } from "react-router";
import { FormAlert } from "~/components/forms/text-field";
import { MarkdownPreview } from "~/components/markdown-preview";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";
import type { EditableSpot } from "~/modules/spots/editable-spot";
import {
  formWithSubmitted,
  SPOT_LIMITS,
  SPOT_MESSAGES,
  SPOT_VISIBILITIES,
  spotPatchSchema,
  spotToForm,
  VISIBILITY_EXPLAINED,
  type SpotForm,
} from "~/modules/spots/spot-schema";
import { fieldErrors as zodFieldErrors } from "~/lib/form-validation";
import type { CategoryChoice } from "~/modules/categories";
import { draftKey } from "./draft-store";
import { ConflictChoice, SaveStatus } from "./save-status";
import { postForSave, useAutosave, type SaveResult } from "./use-autosave";

export interface SpotPanelProps {
  mapId: string;
  spot: EditableSpot;
  categories: CategoryChoice[];
  /** Called with the server's copy after every save (the editor updates its list and map). */
  onSaved?: (spot: EditableSpot) => void;
  /** The spot's photo manager, shown in the panel's Photos section (the photos feature provides it). */
  photos?: ReactNode;
  /** What a form post without JavaScript was refused with (the spot page's action), and the values it carried. */
  refused?: { error: string; fieldErrors?: Partial<Record<string, string>>; values: Record<string, string> };
}

/** One editor per spot: switching spots starts a fresh autosave with that spot's draft. */
export function SpotPanel(props: SpotPanelProps) {
  return <SpotEditor key={props.spot.id} {...props} />;
}

const LABELS: Record<keyof SpotForm, string> = {
  name: "Name",
  summary: "Summary",
  description: "Description",
  address: "Address",
  website: "Website",
  categoryId: "Category",
  visibility: "Who can see it",
  isPublished: "Status",
};

type SaveBody = SaveResult<SpotForm> & { spot?: EditableSpot };

function SpotEditor({ mapId, spot, categories, onSaved, photos, refused }: SpotPanelProps) {
  const hydrated = useHydrated();
  const saveUrl = href("/studio/maps/:mapId/spots/:spotId/autosave", { mapId, spotId: spot.id });
  const pageUrl = href("/studio/maps/:mapId/spots/:spotId", { mapId, spotId: spot.id });

  // The server's copy from the last conflict: "Use theirs" hands it to the editor around the panel as if saved.
  const theirs = useRef<EditableSpot | null>(null);
  const save = useCallback(
    async (value: SpotForm, version: number): Promise<SaveResult<SpotForm>> => {
      // The shared rules first: a change the server would refuse is not sent.
      const checked = spotPatchSchema.safeParse(value);
      if (!checked.success) return { error: SPOT_MESSAGES.checkFields, fieldErrors: zodFieldErrors(checked.error) };
      const body = new FormData();
      for (const [name, field] of Object.entries(value)) body.set(name, field);
      body.set("version", String(version));
      const result = (await postForSave<SpotForm>(saveUrl, body)) as SaveBody;
      if ("ok" in result && result.spot) onSaved?.(result.spot);
      if ("conflict" in result && result.spot) theirs.current = result.spot;
      return result;
    },
    [onSaved, saveUrl],
  );

  const loaded = spotToForm(spot);
  const autosave = useAutosave<SpotForm>({
    key: draftKey("spot", spot.id),
    serverValue: loaded,
    version: spot.version,
    save,
    unsaved: refused ? formWithSubmitted(loaded, refused.values) : undefined,
  });
  const { value, setValue } = autosave;
  const errors = { ...(refused?.fieldErrors ?? {}), ...autosave.fieldErrors };
  const set = (name: keyof SpotForm) => (next: string) => setValue((previous) => ({ ...previous, [name]: next }));
  const gated = value.visibility !== "public";

  return (
    <Form
      method="post"
      action={pageUrl}
      noValidate
      // With JavaScript every change is already on its way; Enter in a field saves at once instead of posting the page.
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        autosave.flush();
      }}
      className="space-y-5"
      data-testid="spot-panel"
    >
      <input type="hidden" name="version" value={spot.version} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        {hydrated ? <SaveStatus status={autosave.status} error={autosave.error} /> : <span />}
        <div className="flex items-center gap-2">
          {gated ? (
            <span
              className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900"
              data-testid="visibility-lock"
            >
              <Lock aria-hidden className="size-3.5" /> {VISIBILITY_EXPLAINED[value.visibility].label}
            </span>
          ) : null}
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${value.isPublished === "true" ? "bg-brand-50 text-brand-700" : "bg-neutral-100 text-neutral-700"}`}
            data-testid="spot-status"
          >
            {value.isPublished === "true" ? "Published" : "Draft"}
          </span>
        </div>
      </div>

      {autosave.conflict ? (
        <ConflictChoice
          what="spot"
          onKeepMine={autosave.keepMine}
          onTakeTheirs={() => {
            autosave.takeTheirs();
            if (theirs.current) onSaved?.(theirs.current);
          }}
        >
          <Differences mine={value} theirs={autosave.conflict.current} categories={categories} />
        </ConflictChoice>
      ) : null}
      {!hydrated ? <FormAlert message={refused?.error} /> : null}

      <Field label={LABELS.name} error={errors.name} count={[value.name.length, SPOT_LIMITS.name]}>
        {(id, describedBy) => (
          <input
            id={id}
            name="name"
            value={value.name}
            onChange={(e) => set("name")(e.target.value)}
            aria-describedby={describedBy}
            aria-invalid={errors.name ? true : undefined}
            className={inputClass(errors.name)}
          />
        )}
      </Field>

      <Field
        label={LABELS.summary}
        hint="One or two sentences, shown on cards and in lists."
        error={errors.summary}
        count={[value.summary.length, SPOT_LIMITS.summary]}
      >
        {(id, describedBy) => (
          <textarea
            id={id}
            name="summary"
            rows={2}
            value={value.summary}
            onChange={(e) => set("summary")(e.target.value)}
            aria-describedby={describedBy}
            aria-invalid={errors.summary ? true : undefined}
            className={`${inputClass(errors.summary)} h-auto py-2`}
          />
        )}
      </Field>

      <DescriptionField value={value.description} onChange={set("description")} error={errors.description} />

      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={LABELS.categoryId} error={errors.categoryId}>
          {(id, describedBy) => (
            <select
              id={id}
              name="categoryId"
              value={value.categoryId}
              onChange={(e) => set("categoryId")(e.target.value)}
              aria-describedby={describedBy}
              className={inputClass(errors.categoryId)}
            >
              <option value="">No category</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={LABELS.website} error={errors.website}>
          {(id, describedBy) => (
            <input
              id={id}
              name="website"
              type="url"
              inputMode="url"
              placeholder="https://"
              value={value.website}
              onChange={(e) => set("website")(e.target.value)}
              aria-describedby={describedBy}
              aria-invalid={errors.website ? true : undefined}
              className={inputClass(errors.website)}
            />
          )}
        </Field>
      </div>

      <Field label={LABELS.address} error={errors.address}>
        {(id, describedBy) => (
          <input
            id={id}
            name="address"
            autoComplete="off"
            value={value.address}
            onChange={(e) => set("address")(e.target.value)}
            aria-describedby={describedBy}
            aria-invalid={errors.address ? true : undefined}
            className={inputClass(errors.address)}
          />
        )}
      </Field>

      {photos ? (
        <section id="photos" aria-labelledby={`${spot.id}-photos`}>
          <h3 id={`${spot.id}-photos`} className="mb-1 text-sm font-medium text-neutral-800">
            Photos
          </h3>
          {photos}
        </section>
      ) : null}

      <fieldset>
        <legend className="mb-1 text-sm font-medium text-neutral-800">{LABELS.visibility}</legend>
        <div className="flex flex-wrap gap-2">
          {SPOT_VISIBILITIES.map((level) => (
            <label
              key={level}
              className={`inline-flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
                value.visibility === level ? "border-brand-600 bg-brand-50 text-brand-800" : "border-neutral-300 text-neutral-800"
              }`}
            >
              <input
                type="radio"
                name="visibility"
                value={level}
                checked={value.visibility === level}
                onChange={() => set("visibility")(level)}
                className="sr-only"
              />
              {level !== "public" ? <Lock aria-label="Locked" className="size-3.5" /> : null}
              {VISIBILITY_EXPLAINED[level].label}
            </label>
          ))}
        </div>
        <p className="mt-1.5 text-sm text-neutral-600" data-testid="visibility-explanation">
          {VISIBILITY_EXPLAINED[value.visibility].explanation}
        </p>
        {errors.visibility ? <p className="mt-1 text-sm text-red-700">{errors.visibility}</p> : null}
      </fieldset>

      <fieldset>
        <legend className="mb-1 text-sm font-medium text-neutral-800">{LABELS.isPublished}</legend>
        <div className="flex flex-wrap gap-2">
          {(["true", "false"] as const).map((published) => (
            <label
              key={published}
              className={`inline-flex cursor-pointer items-center rounded-full border px-3 py-1.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${
                value.isPublished === published ? "border-brand-600 bg-brand-50 text-brand-800" : "border-neutral-300 text-neutral-800"
              }`}
            >
              <input
                type="radio"
                name="isPublished"
                value={published}
                checked={value.isPublished === published}
                onChange={() => set("isPublished")(published)}
                className="sr-only"
              />
              {published === "true" ? "Published" : "Draft"}
            </label>
          ))}
        </div>
        <p className="mt-1.5 text-sm text-neutral-600">
          {value.isPublished === "true" ? "Shown on the map once the map is published." : "Only you see drafts; they do not count toward publishing the map."}
        </p>
        {errors.isPublished ? <p className="mt-1 text-sm text-red-700">{errors.isPublished}</p> : null}
      </fieldset>

      {/* Without JavaScript there is no autosave: the form posts to the spot page. */}
      {!hydrated ? <Button type="submit">Save</Button> : null}
    </Form>
  );
}

function inputClass(error?: string): string {
  return `h-11 w-full rounded-lg border bg-white px-3 text-base outline-none focus:ring-2 focus:ring-brand-500 ${error ? "border-red-600" : "border-neutral-300"}`;
}

function Field({
  label,
  hint,
  error,
  count,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  count?: [number, number];
  children: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-neutral-800">
          {label}
        </label>
        {count ? (
          <span className={`text-xs tabular-nums ${count[0] > count[1] ? "text-red-700" : "text-neutral-500"}`}>
            {count[0]}/{count[1]}
          </span>
        ) : null}
      </div>
      {children(id, described)}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-neutral-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700" data-testid={`error-${label.toLowerCase()}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Markdown, written in a textarea, with a preview as the public page will show it. */
function DescriptionField({ value, onChange, error }: { value: string; onChange: (next: string) => void; error?: string }) {
  const [preview, setPreview] = useState(false);
  const id = useId();
  return (
    <div>
      <div className="mb-1 flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-neutral-800">
          {LABELS.description}
        </label>
        <div className="flex gap-1" role="group" aria-label="Description view">
          <Button variant="link" size="none" className="inline-flex items-center gap-1 text-sm" aria-pressed={!preview} onClick={() => setPreview(false)}>
            <Pencil aria-hidden className="size-3.5" /> Write
          </Button>
          <span aria-hidden className="text-neutral-300">
            |
          </span>
          <Button variant="link" size="none" className="inline-flex items-center gap-1 text-sm" aria-pressed={preview} onClick={() => setPreview(true)}>
            <Eye aria-hidden className="size-3.5" /> Preview
          </Button>
        </div>
      </div>
      {/* The textarea stays in the form while previewing, so a form post still carries it. */}
      <textarea
        id={id}
        name="description"
        rows={8}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        hidden={preview}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        className={`${inputClass(error)} h-auto py-2 font-mono text-sm`}
      />
      {preview ? (
        <div className="min-h-32 rounded-lg border border-neutral-200 px-4 py-2" data-testid="description-preview">
          {value.trim() ? <MarkdownPreview source={value} /> : <p className="mt-4 text-neutral-500">Nothing to preview yet.</p>}
        </div>
      ) : null}
      <p id={`${id}-hint`} className="mt-1 text-sm text-neutral-600">
        Markdown: **bold**, *italic*, [links](https://…), ## headings and lists. Up to {SPOT_LIMITS.description.toLocaleString("en")} characters.
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Which fields differ between the creator's copy and the server's, so the choice is an informed one. */
function Differences({ mine, theirs, categories }: { mine: SpotForm; theirs: SpotForm; categories: CategoryChoice[] }) {
  const shown = (name: keyof SpotForm, v: string): string => {
    if (name === "categoryId") return categories.find((c) => c.id === v)?.name ?? "No category";
    if (name === "visibility") return VISIBILITY_EXPLAINED[v as SpotForm["visibility"]]?.label ?? v;
    if (name === "isPublished") return v === "true" ? "Published" : "Draft";
    return v.length > 80 ? `${v.slice(0, 80)}…` : v || "(empty)";
  };
  const changed = (Object.keys(LABELS) as (keyof SpotForm)[]).filter((name) => mine[name] !== theirs[name]);
  if (changed.length === 0) return <p className="mt-2">The other version has the same details as yours.</p>;
  return (
    <dl className="mt-2 space-y-1">
      {changed.map((name) => (
        <div key={name}>
          <dt className="inline font-medium">{LABELS[name]}: </dt>
          <dd className="inline">
            yours “{shown(name, mine[name])}”, theirs “{shown(name, theirs[name])}”
          </dd>
        </div>
      ))}
    </dl>
  );
}

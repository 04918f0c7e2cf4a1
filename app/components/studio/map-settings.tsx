/**
 * The map's settings (title, summary, cover, destination, categories, address),
 * saved as the creator types (use-autosave.ts), with the saved / saving /
 * offline state and the conflict choice when another tab changed the map.
 * The address is the map's slug: the old one keeps redirecting to the new.
 */
import { useEffect, useId, useRef, useState } from "react";
import { href, useFetcher } from "react-router";
import { TextField } from "~/components/forms/text-field";
import type { EditableMap } from "~/modules/maps/editable-map";
import { INTENT, settingsOf, type DestinationChoice, type EditorActionData, type MapSettingsValue } from "~/modules/maps/editor-intents";
import { followingSlug, slugFollowsTitle } from "~/modules/maps/title-slug";
import { MAP_SUMMARY_MAX, MAP_TITLE_MAX, SLUG_MAX } from "~/modules/maps/map-settings-validation";
import type { CategoryChoice } from "~/modules/categories";
import { CoverUpload } from "./cover-upload";
import { draftKey } from "./draft-store";
import { ConflictChoice, SaveStatus } from "./save-status";
import { postForSave, useAutosave } from "./use-autosave";

export interface MapSettingsProps {
  map: EditableMap;
  categories: CategoryChoice[];
  /** After a confirmed save: the page shows the new title and public address. */
  onSaved: (value: MapSettingsValue, version: number) => void;
  /** A destination was chosen: the editor's map goes there. */
  onDestination?: (city: DestinationChoice) => void;
}

function toForm(value: MapSettingsValue, version: number): FormData {
  const form = new FormData();
  form.set("title", value.title);
  form.set("summary", value.summary);
  form.set("slug", value.slug);
  form.set("cityId", value.cityId);
  for (const id of value.categoryIds) form.append("categoryIds", id);
  form.set("version", String(version));
  return form;
}

export function MapSettings({ map, categories, onSaved, onDestination }: MapSettingsProps) {
  const url = href("/studio/maps/:mapId/autosave", { mapId: map.id });
  const everPublished = map.publishedAt !== null;
  // The server numbers a followed address another map has ("-2"): the panel then shows the server's.
  const adoptSlug = useRef<(slug: string) => void>(() => {});
  const autosave = useAutosave<MapSettingsValue>({
    key: draftKey("map", map.id),
    serverValue: settingsOf(map),
    version: map.version,
    save: (value, version) => postForSave<MapSettingsValue>(url, toForm(value, version)),
    onSaved: (saved, version) => {
      onSaved(saved, version);
      adoptSlug.current(saved.slug);
    },
  });
  const { value, setValue, fieldErrors } = autosave;
  const set = <K extends keyof MapSettingsValue>(key: K, v: MapSettingsValue[K]) => setValue((prev) => ({ ...prev, [key]: v }));
  const ids = useId();
  const following = !everPublished && slugFollowsTitle(value.slug, value.title);
  useEffect(() => {
    adoptSlug.current = (slug) => {
      if (following && slug !== value.slug && slugFollowsTitle(slug, value.title)) setValue((prev) => ({ ...prev, slug }));
    };
  });

  return (
    <section aria-labelledby={`${ids}-title`} className="space-y-4 p-3" data-testid="map-settings">
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          Map settings
        </h2>
        <SaveStatus status={autosave.status} error={autosave.error} />
      </div>
      {autosave.conflict ? <ConflictChoice what="map" onKeepMine={autosave.keepMine} onTakeTheirs={autosave.takeTheirs} /> : null}
      <TextField
        label="Title"
        name="title"
        value={value.title}
        maxLength={MAP_TITLE_MAX + 20}
        onChange={(e) => {
          const title = e.target.value;
          // Until the first publish the address follows the title (unless the creator chose one).
          setValue((prev) => ({ ...prev, title, slug: followingSlug(prev.slug, prev.title, title, everPublished) }));
        }}
        error={fieldErrors.title}
      />
      <div>
        <label htmlFor={`${ids}-summary`} className="mb-1 block text-sm font-medium text-neutral-800">
          Summary
        </label>
        <textarea
          id={`${ids}-summary`}
          value={value.summary}
          rows={4}
          onChange={(e) => set("summary", e.target.value)}
          aria-invalid={fieldErrors.summary ? true : undefined}
          className="w-full rounded-lg border border-neutral-300 px-3 py-2"
        />
        <p className={`text-xs ${value.summary.length > MAP_SUMMARY_MAX ? "text-red-700" : "text-neutral-600"}`}>
          {value.summary.length} / {MAP_SUMMARY_MAX}
        </p>
        {fieldErrors.summary ? <p className="text-sm text-red-700">{fieldErrors.summary}</p> : null}
      </div>
      <div>
        <p className="mb-1 text-sm font-medium text-neutral-800">Cover image</p>
        {/* Saved on its own (not part of the autosaved fields): it leaves the map's version alone. */}
        <CoverUpload mapId={map.id} coverImageUrl={map.coverImageUrl} />
      </div>
      <CityField
        cityName={value.cityName}
        error={fieldErrors.cityId}
        onChoose={(city) => {
          setValue((prev) => ({ ...prev, cityId: city ? String(city.id) : "", cityName: city?.short ?? "" }));
          if (city) onDestination?.(city);
        }}
      />
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-neutral-800">Categories</legend>
        <div className="flex flex-wrap gap-2">
          {categories.map((category) => {
            const checked = value.categoryIds.includes(category.id);
            return (
              <label
                key={category.id}
                className={`cursor-pointer rounded-full border px-3 py-1 text-sm ${checked ? "border-brand-600 bg-brand-50 text-brand-800" : "border-neutral-300"}`}
              >
                <input
                  type="checkbox"
                  className="sr-only"
                  checked={checked}
                  onChange={() =>
                    set("categoryIds", checked ? value.categoryIds.filter((id) => id !== category.id) : [...value.categoryIds, category.id].sort())
                  }
                />
                {category.name}
              </label>
            );
          })}
        </div>
        {fieldErrors.categoryIds ? <p className="text-sm text-red-700">{fieldErrors.categoryIds}</p> : null}
      </fieldset>
      <div>
        <TextField
          label="Address (slug)"
          name="slug"
          value={value.slug}
          maxLength={SLUG_MAX + 20}
          autoCapitalize="none"
          spellCheck={false}
          onChange={(e) => set("slug", e.target.value.toLowerCase())}
          error={fieldErrors.slug}
        />
        <p className="mt-1 text-xs text-neutral-600" data-testid="slug-hint">
          /maps/{value.slug} · {following ? "follows the title until the map is first published." : "links to the old address keep working."}
        </p>
      </div>
    </section>
  );
}

function CityField({ cityName, error, onChoose }: { cityName: string; error?: string; onChoose: (city: DestinationChoice | null) => void }) {
  const fetcher = useFetcher<EditorActionData>({ key: "editor-city-search" });
  const [q, setQ] = useState("");
  const id = useId();
  useEffect(() => {
    const query = q.trim();
    if (!query) return;
    const timer = setTimeout(() => void fetcher.submit({ intent: INTENT.searchCities, q: query }, { method: "post" }), 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);
  const found = q.trim() && fetcher.data?.ok && fetcher.data.intent === INTENT.searchCities ? fetcher.data.cities : [];
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-neutral-800">
        Destination
      </label>
      {cityName ? (
        <p className="mb-1 flex items-center gap-2 text-sm">
          <span className="font-medium" data-testid="destination">
            {cityName}
          </span>
          <button type="button" className="text-brand-700 hover:underline" onClick={() => onChoose(null)}>
            Remove
          </button>
        </p>
      ) : null}
      <input
        id={id}
        type="search"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={cityName ? "Choose another city" : "Search a city"}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        className="w-full rounded-lg border border-neutral-300 px-3 py-2 text-sm"
      />
      {found.length > 0 ? (
        <ul className="mt-1 max-h-48 overflow-y-auto rounded-lg border border-neutral-200" aria-label="Cities found">
          {found.map((city) => (
            <li key={city.id}>
              <button
                type="button"
                className="w-full px-3 py-2 text-left text-sm hover:bg-neutral-50"
                onClick={() => {
                  onChoose(city);
                  setQ("");
                }}
                data-testid="city-choice"
              >
                {city.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </div>
  );
}

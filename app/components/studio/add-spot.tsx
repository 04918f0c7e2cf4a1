/**
 * The ways to add a spot: click the map (in "add" mode), type coordinates
 * (decimal or DMS), find a place by name (cities, the creator's own spots,
 * the geocoder's places near the map's view), or paste a Google Maps link.
 * Each ends in the same small form: the new spot's name, then Add. Finding
 * one of this map's own spots selects it instead (no duplicate).
 */
import { Crosshair, MapPin, Search } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { NameAtPlaceForm } from "./name-at-place-form";
import { parseCoordinates } from "~/modules/places/coordinates";
import { PLACE_SEARCH_MESSAGES } from "~/modules/places/place-hit";
import { INTENT, type EditorActionData, type PlaceHit } from "~/modules/maps/editor-intents";
import { EDITOR_MESSAGES } from "~/modules/maps/map-settings-validation";
import { SPOT_NAME_MAX } from "~/modules/spots/spot-name";

export interface Placement {
  lat: number;
  lng: number;
  name: string;
  /** The place on Google Maps, from a pasted link ("Open in Google Maps" then opens the business). */
  googlePlaceId?: string | null;
}

export interface AddSpotProps {
  adding: boolean;
  onToggleAdding: () => void;
  /** Where the creator is about to add a spot (a map click, typed coordinates, a found place). */
  placement: Placement | null;
  onPlace: (placement: Placement | null) => void;
  onAdd: (placement: Placement) => void;
  hasGeocoder: boolean;
  /** The map being edited: one of its own spots found by name is selected, not added again. */
  mapId: string;
  onSelectSpot: (spotId: string) => void;
  /** The centre of the map's view, if known: places near it are found first. */
  near: () => { lat: number; lng: number } | null;
}

const KIND_LABEL: Record<PlaceHit["kind"], string> = { city: "City", spot: "Your spot", place: "Place" };

export function AddSpot({ adding, onToggleAdding, placement, onPlace, onAdd, hasGeocoder, mapId, onSelectSpot, near }: AddSpotProps) {
  const [coordinates, setCoordinates] = useState("");
  const [coordinateError, setCoordinateError] = useState<string | null>(null);
  const ids = useId();

  const placeAtCoordinates = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseCoordinates(coordinates);
    if (!parsed.ok) {
      setCoordinateError(parsed.error);
      return;
    }
    setCoordinateError(null);
    onPlace({ lat: parsed.lat, lng: parsed.lng, name: placement?.name ?? "" });
  };

  return (
    <section aria-labelledby={`${ids}-title`} className="space-y-3 border-b border-neutral-200 p-3">
      <h2 id={`${ids}-title`} className="sr-only">
        Add a spot
      </h2>
      <Button
        size="md"
        variant={adding ? "primary" : "secondary"}
        aria-pressed={adding}
        onClick={onToggleAdding}
        className="flex w-full items-center justify-center gap-2"
      >
        <Crosshair aria-hidden className="size-4" /> {adding ? "Click on the map to place the spot" : "Add spot"}
      </Button>
      {placement ? (
        <NewSpotForm placement={placement} onCancel={() => onPlace(null)} onAdd={onAdd} />
      ) : (
        <>
          <form onSubmit={placeAtCoordinates} className="space-y-1" noValidate>
            <label htmlFor={`${ids}-coordinates`} className="block text-sm font-medium">
              Coordinates
            </label>
            <div className="flex gap-2">
              <input
                id={`${ids}-coordinates`}
                value={coordinates}
                onChange={(e) => setCoordinates(e.target.value)}
                placeholder="41.3851, 2.1734 or 41°23′6″N 2°10′24″E"
                aria-invalid={coordinateError ? true : undefined}
                aria-describedby={coordinateError ? `${ids}-coordinates-error` : undefined}
                className="min-w-0 flex-1 rounded-lg border border-neutral-300 px-3 py-2 text-sm"
              />
              <Button type="submit" size="md" variant="secondary" className="inline-flex shrink-0 items-center gap-1.5">
                <MapPin aria-hidden className="size-4" /> Place
              </Button>
            </div>
            {coordinateError ? (
              <p id={`${ids}-coordinates-error`} role="alert" className="text-sm text-red-700">
                {coordinateError}
              </p>
            ) : null}
          </form>
          <PlaceSearch
            hasGeocoder={hasGeocoder}
            near={near}
            onChoose={(hit) => {
              if (hit.kind === "spot" && hit.spotId && hit.mapId === mapId) onSelectSpot(hit.spotId);
              else onPlace({ lat: hit.lat, lng: hit.lng, name: hit.kind === "city" ? "" : hit.name, googlePlaceId: hit.googlePlaceId ?? null });
            }}
          />
        </>
      )}
    </section>
  );
}

function NewSpotForm({ placement, onCancel, onAdd }: { placement: Placement; onCancel: () => void; onAdd: (placement: Placement) => void }) {
  const [name, setName] = useState(placement.name);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(EDITOR_MESSAGES.nameRequired);
    if (trimmed.length > SPOT_NAME_MAX) return setError(EDITOR_MESSAGES.nameTooLong);
    onAdd({ ...placement, name: trimmed });
  };
  return (
    <NameAtPlaceForm
      lead="New spot at"
      at={placement}
      name={name}
      onName={setName}
      error={error}
      submitLabel="Add to the map"
      onSubmit={submit}
      onCancel={onCancel}
      testId="new-spot-form"
      positionTestId="new-spot-position"
    />
  );
}

function PlaceSearch({
  hasGeocoder,
  near,
  onChoose,
}: {
  hasGeocoder: boolean;
  near: () => { lat: number; lng: number } | null;
  onChoose: (hit: PlaceHit) => void;
}) {
  const fetcher = useFetcher<EditorActionData>({ key: "editor-place-search" });
  const [q, setQ] = useState("");
  const id = useId();
  useEffect(() => {
    const query = q.trim();
    if (query.length < 2) return;
    // A pasted link is read at once; typing waits for a pause.
    const pasted = /^(https?:\/\/|www\.|maps\.)/i.test(query);
    const timer = setTimeout(
      () => {
        const centre = near();
        const fields: Record<string, string> = { intent: INTENT.searchPlaces, q: query };
        if (centre) Object.assign(fields, { lat: centre.lat.toFixed(5), lng: centre.lng.toFixed(5) });
        void fetcher.submit(fields, { method: "post" });
      },
      pasted ? 0 : 250,
    );
    return () => clearTimeout(timer);
    // fetcher.submit is stable enough for this; re-running on it would search twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);
  const answer = q.trim().length >= 2 && fetcher.data?.ok && fetcher.data.intent === INTENT.searchPlaces ? fetcher.data : null;
  const places = answer?.places ?? [];
  const searching = fetcher.state !== "idle";
  // A pasted Google Maps link: the place it points at goes straight to the new spot form (once per answer).
  const link = fetcher.state === "idle" ? (answer?.link ?? null) : null;
  const taken = useRef<unknown>(null);
  useEffect(() => {
    if (!link || taken.current === link) return;
    taken.current = link;
    onChoose(link);
  }, [link, onChoose]);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        Find a place
      </label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-2.5 left-3 size-4 text-neutral-500" />
        <input
          id={id}
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={hasGeocoder ? "A café, a museum, an address, a Google Maps link" : "A city, one of your spots, a Google Maps link"}
          className="w-full rounded-lg border border-neutral-300 py-2 pr-3 pl-9 text-sm"
          autoComplete="off"
          aria-describedby={`${id}-status`}
        />
      </div>
      <div id={`${id}-status`} aria-live="polite" className="space-y-1">
        {searching && q.trim().length >= 2 ? <p className="text-sm text-neutral-600">Searching…</p> : null}
        {!searching && answer?.linkError ? (
          <p role="alert" className="text-sm text-red-700" data-testid="place-link-error">
            {answer.linkError}
          </p>
        ) : null}
        {!searching && answer?.geocoder === "unavailable" ? (
          <p className="text-sm text-amber-800" data-testid="places-unavailable">
            {PLACE_SEARCH_MESSAGES.unavailable}
          </p>
        ) : null}
      </div>
      {places.length > 0 ? (
        <>
          <ul className="max-h-56 overflow-y-auto rounded-lg border border-neutral-200" aria-label="Places found">
            {places.map((hit) => (
              <li key={hit.key}>
                <button
                  type="button"
                  onClick={() => {
                    onChoose(hit);
                    setQ("");
                  }}
                  className="flex w-full items-baseline gap-2 px-3 py-2 text-left text-sm hover:bg-neutral-50"
                >
                  <span className="font-medium">{hit.name}</span>
                  <span className="truncate text-neutral-600">
                    {KIND_LABEL[hit.kind]}
                    {hit.detail ? ` · ${hit.detail}` : ""}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {answer?.attribution && places.some((p) => p.kind === "place") ? (
            <p className="text-xs text-neutral-500" data-testid="places-attribution">
              {answer.attribution}
            </p>
          ) : null}
        </>
      ) : q.trim().length >= 2 && !searching && answer && !answer.linkError && !answer.link ? (
        <p className="text-sm text-neutral-600">No places found.</p>
      ) : null}
    </div>
  );
}

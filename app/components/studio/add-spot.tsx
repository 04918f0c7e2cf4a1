/**
 * The three ways to add a spot: click the map (in "add" mode), type
 * coordinates (decimal or DMS), or find a place by name (cities, the
 * creator's own spots, a geocoder when configured). Each ends in the same
 * small form: the new spot's name, then Add.
 */
import { Crosshair, MapPin, Search } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { NameAtPlaceForm } from "./name-at-place-form";
import { parseCoordinates } from "~/modules/places/coordinates";
import { INTENT, type EditorActionData, type PlaceHit } from "~/modules/maps/editor-intents";
import { EDITOR_MESSAGES } from "~/modules/maps/map-settings-validation";
import { SPOT_NAME_MAX } from "~/modules/spots/spot-name";

export interface Placement {
  lat: number;
  lng: number;
  name: string;
}

export interface AddSpotProps {
  adding: boolean;
  onToggleAdding: () => void;
  /** Where the creator is about to add a spot (a map click, typed coordinates, a found place). */
  placement: Placement | null;
  onPlace: (placement: Placement | null) => void;
  onAdd: (placement: Placement) => void;
  hasGeocoder: boolean;
}

const KIND_LABEL: Record<PlaceHit["kind"], string> = { city: "City", spot: "Your spot", place: "Place" };

export function AddSpot({ adding, onToggleAdding, placement, onPlace, onAdd, hasGeocoder }: AddSpotProps) {
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
      <Button size="md" variant={adding ? "primary" : "secondary"} aria-pressed={adding} onClick={onToggleAdding} className="w-full">
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
              <Button type="submit" size="md" variant="secondary">
                <MapPin aria-hidden className="size-4" /> Place
              </Button>
            </div>
            {coordinateError ? (
              <p id={`${ids}-coordinates-error`} role="alert" className="text-sm text-red-700">
                {coordinateError}
              </p>
            ) : null}
          </form>
          <PlaceSearch hasGeocoder={hasGeocoder} onChoose={(hit) => onPlace({ lat: hit.lat, lng: hit.lng, name: hit.kind === "city" ? "" : hit.name })} />
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

function PlaceSearch({ hasGeocoder, onChoose }: { hasGeocoder: boolean; onChoose: (hit: PlaceHit) => void }) {
  const fetcher = useFetcher<EditorActionData>({ key: "editor-place-search" });
  const [q, setQ] = useState("");
  const id = useId();
  useEffect(() => {
    const query = q.trim();
    if (query.length < 2) return;
    const timer = setTimeout(() => void fetcher.submit({ intent: INTENT.searchPlaces, q: query }, { method: "post" }), 250);
    return () => clearTimeout(timer);
    // fetcher.submit is stable enough for this; re-running on it would search twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);
  const places = q.trim().length >= 2 && fetcher.data?.ok && fetcher.data.intent === INTENT.searchPlaces ? fetcher.data.places : [];
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
          placeholder={hasGeocoder ? "A city, an address, one of your spots" : "A city or one of your spots"}
          className="w-full rounded-lg border border-neutral-300 py-2 pr-3 pl-9 text-sm"
          autoComplete="off"
        />
      </div>
      {places.length > 0 ? (
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
      ) : q.trim().length >= 2 && fetcher.state === "idle" && fetcher.data ? (
        <p className="text-sm text-neutral-600">No places found.</p>
      ) : null}
    </div>
  );
}
